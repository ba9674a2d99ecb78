/**
 * A growing byte buffer for files of millions of numbers: digits are written as bytes, never as
 * JavaScript strings, so a 2,000-decal job does not spend its time building and collecting them.
 */
export class ByteWriter {
  private buffer = Buffer.allocUnsafe(1 << 20);
  private length = 0;

  private room(bytes: number): void {
    if (this.length + bytes <= this.buffer.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + bytes));
    this.buffer.copy(bigger, 0, 0, this.length);
    this.buffer = bigger;
  }

  text(value: string): this {
    this.room(value.length * 3);
    this.length += this.buffer.write(value, this.length, 'utf8');
    return this;
  }

  /** One ASCII character by its code. */
  char(code: number): this {
    this.room(1);
    this.buffer[this.length++] = code;
    return this;
  }

  /** A whole number. */
  int(value: number): this {
    this.room(24);
    let n = Math.round(value);
    if (n < 0) {
      this.buffer[this.length++] = 45;
      n = -n;
    }
    const start = this.length;
    do {
      this.buffer[this.length++] = 48 + (n % 10);
      n = Math.floor(n / 10);
    } while (n > 0);
    this.buffer.subarray(start, this.length).reverse();
    return this;
  }

  /** A whole number of µm as mm: at most three decimals, no trailing zeros (12.5, 0.005, -3). */
  micro(units: number): this {
    const magnitude = Math.abs(units);
    const whole = Math.floor(magnitude / 1000);
    const fraction = magnitude - whole * 1000;
    if (units < 0) this.char(45);
    this.int(whole);
    if (fraction === 0) return this;
    const [d1, d2, d3] = [Math.floor(fraction / 100), Math.floor(fraction / 10) % 10, fraction % 10];
    this.char(46).char(48 + d1);
    if (d2 || d3) this.char(48 + d2);
    if (d3) this.char(48 + d3);
    return this;
  }

  bytes(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}
