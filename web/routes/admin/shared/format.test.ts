import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format';

describe('admin date formatting', () => {
  it('formats like toLocaleDateString / toLocaleString in en-US, and a missing or bad date as a dash', () => {
    const iso = '2026-11-21T10:05:00.000Z';
    const date = new Date(iso);
    expect(formatDate(iso)).toBe(date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }));
    expect(formatDateTime(iso)).toBe(date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }));
    expect(formatDate(null)).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
  });
});
