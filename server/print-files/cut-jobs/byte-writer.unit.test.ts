import { describe, expect, it } from 'vitest';
import { micro } from '../../../shared/render/decal-outline';
import { ByteWriter } from './byte-writer';

describe('ByteWriter', () => {
  it('writes µm as mm exactly as the renderer does, and grows past its first buffer', () => {
    const values = [0, 5, 50, 500, 1000, 1005, 12_340, -3, -120_001, 2_147_483_647];
    const writer = new ByteWriter();
    for (const value of values) writer.micro(value).char(32);
    expect(writer.bytes().toString('latin1')).toBe(values.map((value) => `${micro(value)} `).join(''));
    const big = new ByteWriter();
    for (let i = 0; i < 300_000; i++) big.int(i).text('é;');
    expect(big.bytes().toString('utf8').split(';')).toHaveLength(300_001);
  });
});
