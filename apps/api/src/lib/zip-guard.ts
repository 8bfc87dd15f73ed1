import { inflateRawSync } from 'node:zlib';

/** What a zip (an XLSX upload) may hold once unpacked: far above any real question bank. */
export interface ZipLimits {
  maxEntries: number;
  maxUnpackedBytes: number;
}

export const UPLOAD_ZIP_LIMITS: ZipLimits = { maxEntries: 1_000, maxUnpackedBytes: 64 * 1024 * 1024 };

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/**
 * Whether a zip unpacks within the limits, found by unpacking it with a ceiling: a zip's
 * declared sizes can lie, so each entry is inflated with `maxOutputLength` set to what is left
 * of the budget, and a small file that would unpack to gigabytes (a zip bomb) stops there
 * instead of filling the server's memory. Anything that is not a plain zip is refused: zip64,
 * encryption, other compression methods.
 */
export function zipUnpacksWithin(bytes: Buffer, limits: ZipLimits = UPLOAD_ZIP_LIMITS): boolean {
  try {
    const directory = findDirectory(bytes);
    if (!directory || directory.entries > limits.maxEntries) return false;
    let budget = limits.maxUnpackedBytes;
    let offset = directory.offset;
    for (let index = 0; index < directory.entries; index++) {
      if (bytes.readUInt32LE(offset) !== DIRECTORY_ENTRY) return false;
      const flags = bytes.readUInt16LE(offset + 8);
      const method = bytes.readUInt16LE(offset + 10);
      const packedSize = bytes.readUInt32LE(offset + 20);
      const localOffset = bytes.readUInt32LE(offset + 42);
      if (flags & 1 || packedSize === 0xffffffff || localOffset === 0xffffffff) return false;
      if (bytes.readUInt32LE(localOffset) !== LOCAL_HEADER) return false;
      const dataStart =
        localOffset + 30 + bytes.readUInt16LE(localOffset + 26) + bytes.readUInt16LE(localOffset + 28);
      const packed = bytes.subarray(dataStart, dataStart + packedSize);
      if (packed.length !== packedSize) return false;
      if (method === STORED) budget -= packedSize;
      else if (method === DEFLATED) budget -= inflateRawSync(packed, { maxOutputLength: budget + 1 }).length;
      else return false;
      if (budget < 0) return false;
      offset +=
        46 +
        bytes.readUInt16LE(offset + 28) +
        bytes.readUInt16LE(offset + 30) +
        bytes.readUInt16LE(offset + 32);
    }
    return true;
  } catch {
    // a truncated file, an offset past the end, or inflate stopped at the ceiling
    return false;
  }
}

/** The central directory's place and size, from the end-of-directory record (searched back over a comment). */
function findDirectory(bytes: Buffer): { entries: number; offset: number } | undefined {
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= earliest; at--) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) {
      return { entries: bytes.readUInt16LE(at + 10), offset: bytes.readUInt32LE(at + 16) };
    }
  }
  return undefined;
}
