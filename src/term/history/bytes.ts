// Growable byte output and a cursor over bytes: unsigned LEB128 varints and UTF-8, for the history's
// line encoding.

const INITIAL_CAPACITY = 1024;

export class ByteWriter {
  bytes: Uint8Array;
  length = 0;

  constructor(capacity = INITIAL_CAPACITY) {
    this.bytes = new Uint8Array(capacity);
  }

  /** Room for `count` more bytes. */
  reserve(count: number): void {
    if (this.length + count <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.length + count) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  byte(value: number): void {
    this.reserve(1);
    this.bytes[this.length++] = value;
  }

  /** A non-negative integer below 2^53, seven bits a byte. */
  varint(value: number): void {
    this.reserve(8);
    while (value >= 0x80) {
      this.bytes[this.length++] = (value % 0x80) | 0x80;
      value = Math.floor(value / 0x80);
    }
    this.bytes[this.length++] = value;
  }

  /** One code point as UTF-8. */
  codePoint(code: number): void {
    this.reserve(4);
    const b = this.bytes;
    if (code < 0x80) b[this.length++] = code;
    else if (code < 0x800) {
      b[this.length++] = 0xc0 | (code >> 6);
      b[this.length++] = 0x80 | (code & 0x3f);
    } else if (code < 0x10000) {
      b[this.length++] = 0xe0 | (code >> 12);
      b[this.length++] = 0x80 | ((code >> 6) & 0x3f);
      b[this.length++] = 0x80 | (code & 0x3f);
    } else {
      b[this.length++] = 0xf0 | (code >> 18);
      b[this.length++] = 0x80 | ((code >> 12) & 0x3f);
      b[this.length++] = 0x80 | ((code >> 6) & 0x3f);
      b[this.length++] = 0x80 | (code & 0x3f);
    }
  }

  /** A string as its UTF-8 byte count (varint) and bytes. */
  lengthPrefixedUtf8(text: string): void {
    const encoded = Buffer.from(text, 'utf8');
    this.varint(encoded.length);
    this.reserve(encoded.length);
    this.bytes.set(encoded, this.length);
    this.length += encoded.length;
  }

  /** The bytes written so far, in an array of their own (exactly as long as they are). */
  copy(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }

  clear(): void {
    this.length = 0;
  }
}

export class ByteReader {
  constructor(
    public bytes: Uint8Array,
    public at = 0,
  ) {}

  byte(): number {
    return this.bytes[this.at++];
  }

  peek(): number {
    return this.bytes[this.at];
  }

  varint(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const b = this.bytes[this.at++];
      value += (b & 0x7f) * scale;
      if (b < 0x80) return value;
      scale *= 0x80;
    }
  }

  /** One UTF-8 code point. */
  codePoint(): number {
    const b = this.bytes;
    const b0 = b[this.at];
    if (b0 < 0x80) {
      this.at += 1;
      return b0;
    }
    if (b0 < 0xe0) {
      this.at += 2;
      return ((b0 & 0x1f) << 6) | (b[this.at - 1] & 0x3f);
    }
    if (b0 < 0xf0) {
      this.at += 3;
      return ((b0 & 0x0f) << 12) | ((b[this.at - 2] & 0x3f) << 6) | (b[this.at - 1] & 0x3f);
    }
    this.at += 4;
    return ((b0 & 0x07) << 18) | ((b[this.at - 3] & 0x3f) << 12) | ((b[this.at - 2] & 0x3f) << 6) | (b[this.at - 1] & 0x3f);
  }

  /** A string written by lengthPrefixedUtf8. */
  lengthPrefixedUtf8(): string {
    const length = this.varint();
    const text = Buffer.from(this.bytes.buffer, this.bytes.byteOffset + this.at, length).toString('utf8');
    this.at += length;
    return text;
  }
}
