// The Compound File Binary container (MS-CFB) of an .xls: a small file system of fixed-size sectors chained by a FAT.
// Only what reading one stream needs: header, DIFAT, FAT, directory, mini FAT and mini stream. Every chain walk is
// bounded by the file (a sector outside it, a loop, or a free sector inside a chain is a damaged file), and a stream
// claiming far more bytes than the file holds is refused before any walk (CFB does not compress: such a claim is a
// lie, not a big workbook; a file merely cut short is damaged, found by its chains).
import { AppError } from '../../platform/errors';

const SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const END_OF_CHAIN = 0xfffffffe;
const FREE = 0xffffffff;
const NO_STREAM = 0xffffffff;
const HEADER_DIFAT_ENTRIES = 109;
const DIRECTORY_ENTRY = 128;
const MINI_SECTOR = 64;

/** A stream may not claim more than this many times the file's size. */
const MAX_CLAIM_RATIO = 2;

export const isCompoundFile = (head: Buffer): boolean => SIGNATURE.every((b, i) => head[i] === b);

export const damaged = (detail: string): AppError =>
  new AppError('IMP0024', { message: `The .xls file is damaged and cannot be read (${detail}).` });

/**
 * A stream of the container: its bytes are `size` long, laid out in units (sectors or mini sectors) whose file
 * offsets are in `offsets`. slice() answers a view of the file when the range lies in adjacent units, a copy otherwise.
 */
export type CfbStream = { size: number; slice: (at: number, length: number) => Buffer };

type DirectoryEntry = { name: string; type: number; left: number; right: number; child: number; start: number; size: number };

const streamOver = (file: Buffer, offsets: readonly number[], unit: number, size: number): CfbStream => ({
  size,
  slice: (at, length) => {
    if (at < 0 || length < 0 || at + length > size) throw damaged('a record runs past the end of its stream');
    if (length === 0) return Buffer.alloc(0);
    const first = Math.floor(at / unit);
    const last = Math.floor((at + length - 1) / unit);
    let adjacent = true;
    for (let u = first; u <= last; u++) {
      // Only the file's last sector can be short; a unit of it must still hold the bytes asked for.
      if (offsets[u]! + (u === last ? (at + length - 1) % unit : unit - 1) >= file.length)
        throw damaged('a stream runs past the end of the file');
      if (u < last && offsets[u + 1]! !== offsets[u]! + unit) adjacent = false;
    }
    const start = offsets[first]! + (at % unit);
    if (adjacent) return file.subarray(start, start + length);
    const copy = Buffer.alloc(length);
    let done = 0;
    for (let u = first; u <= last; u++) {
      const from = u === first ? at % unit : 0;
      const take = Math.min(unit - from, length - done);
      file.copy(copy, done, offsets[u]! + from, offsets[u]! + from + take);
      done += take;
    }
    return copy;
  },
});

/** Opens the container and answers its root-level streams by name (case-insensitive, as MS-CFB compares names). */
export const openCompoundFile = (file: Buffer) => {
  if (file.length < 512 || !isCompoundFile(file)) throw damaged('no compound file header');
  if (file.readUInt16LE(0x1c) !== 0xfffe) throw damaged('bad byte order mark');
  const major = file.readUInt16LE(0x1a);
  const shift = file.readUInt16LE(0x1e);
  if (!((major === 3 && shift === 9) || (major === 4 && shift === 12)) || file.readUInt16LE(0x20) !== 6)
    throw damaged('unknown sector size');
  const sectorSize = 1 << shift;
  // Sector n starts at (n + 1) * sectorSize: the header fills sector "-1". A short last sector is read as far as it goes.
  const sectorCount = Math.max(0, Math.ceil((file.length - sectorSize) / sectorSize));
  const offsetOf = (sector: number) => (sector + 1) * sectorSize;

  // DIFAT: the FAT's own sectors, 109 in the header then a chain of DIFAT sectors (last entry of each = next).
  const fatSectorCount = file.readUInt32LE(0x2c);
  if (fatSectorCount > sectorCount) throw damaged('more FAT sectors than the file has');
  const fatSectors: number[] = [];
  for (let i = 0; i < HEADER_DIFAT_ENTRIES && fatSectors.length < fatSectorCount; i++) fatSectors.push(file.readUInt32LE(0x4c + i * 4));
  let difat = file.readUInt32LE(0x44);
  const seenDifat = new Set<number>();
  const perDifat = sectorSize / 4 - 1;
  while (fatSectors.length < fatSectorCount) {
    if (difat >= sectorCount || seenDifat.has(difat)) throw damaged('bad DIFAT chain');
    seenDifat.add(difat);
    const base = offsetOf(difat);
    for (let i = 0; i < perDifat && fatSectors.length < fatSectorCount; i++) fatSectors.push(readEntry(file, base + i * 4));
    difat = readEntry(file, base + perDifat * 4);
  }
  const perSector = sectorSize / 4;
  const fat = new Uint32Array(fatSectorCount * perSector);
  fatSectors.forEach((sector, index) => {
    if (sector >= sectorCount) throw damaged('a FAT sector outside the file');
    for (let i = 0; i < perSector; i++) fat[index * perSector + i] = readEntry(file, offsetOf(sector) + i * 4);
  });

  /**
   * The first `need` sectors of a chain, in order (all of it when need is Infinity). A chain that leaves the table,
   * comes back to a sector it passed, or ends early is damaged.
   */
  const chain = (table: Uint32Array, start: number, count: number, need: number, what: string): number[] => {
    const sectors: number[] = [];
    const seen = new Uint8Array(count);
    for (let s = start; s !== END_OF_CHAIN && sectors.length < need;) {
      if (s >= count || s >= table.length || seen[s]) throw damaged(`bad ${what} sector chain`);
      seen[s] = 1;
      sectors.push(s);
      s = table[s]!;
      if (s === FREE) throw damaged(`free sector inside a ${what} chain`);
    }
    if (need !== Infinity && sectors.length < need) throw damaged(`${what} chain shorter than its stream`);
    return sectors;
  };
  const sectorsOf = (start: number, need = Infinity) => chain(fat, start, sectorCount, need, 'FAT');

  const directorySectors = sectorsOf(file.readUInt32LE(0x30));
  const entries: DirectoryEntry[] = [];
  for (const sector of directorySectors) {
    for (let at = offsetOf(sector); at + DIRECTORY_ENTRY <= offsetOf(sector) + sectorSize; at += DIRECTORY_ENTRY) {
      if (at + DIRECTORY_ENTRY > file.length) throw damaged('directory past the end of the file');
      const nameLength = Math.min(file.readUInt16LE(at + 0x40), 64);
      entries.push({
        name: file.toString('utf16le', at, at + Math.max(0, nameLength - 2)),
        type: file[at + 0x42]!,
        left: file.readUInt32LE(at + 0x44),
        right: file.readUInt32LE(at + 0x48),
        child: file.readUInt32LE(at + 0x4c),
        start: file.readUInt32LE(at + 0x74),
        // Version 3 files may leave garbage in the high half of the size (MS-CFB 2.6.3): only the low half counts.
        size: file.readUInt32LE(at + 0x78) + (major === 4 ? file.readUInt32LE(at + 0x7c) * 2 ** 32 : 0),
      });
    }
  }
  const root = entries[0];
  if (!root || root.type !== 5) throw damaged('no root entry');

  /** The root storage's children: a red-black tree walked through left, right (siblings), guarded against loops. */
  const rootStreams = new Map<string, DirectoryEntry>();
  const stack = [root.child];
  const visited = new Set<number>();
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (id === NO_STREAM) continue;
    const entry = entries[id];
    if (!entry || visited.has(id)) throw damaged('bad directory tree');
    visited.add(id);
    // Streams (2) are read; storages (1) only named, as an encrypted .xlsx's "\u0006DataSpaces".
    if (entry.type === 1 || entry.type === 2) rootStreams.set(entry.name.toLowerCase(), entry);
    stack.push(entry.left, entry.right);
  }

  const miniCutoff = file.readUInt32LE(0x38);
  let mini: { fat: Uint32Array; offsets: number[] } | undefined;
  const miniStream = () => {
    if (mini) return mini;
    if (root.size > file.length * MAX_CLAIM_RATIO) throw new AppError('IMP0025');
    const rootSectors = sectorsOf(root.start, Math.ceil(root.size / sectorSize));
    const miniFatSectors = sectorsOf(file.readUInt32LE(0x3c));
    if (miniFatSectors.length !== file.readUInt32LE(0x40)) throw damaged('mini FAT length');
    const miniFat = new Uint32Array(miniFatSectors.length * perSector);
    miniFatSectors.forEach((sector, index) => {
      for (let i = 0; i < perSector; i++) miniFat[index * perSector + i] = readEntry(file, offsetOf(sector) + i * 4);
    });
    const count = Math.floor(root.size / MINI_SECTOR);
    const offsets: number[] = [];
    for (let k = 0; k < count; k++)
      offsets.push(offsetOf(rootSectors[Math.floor((k * MINI_SECTOR) / sectorSize)]!) + ((k * MINI_SECTOR) % sectorSize));
    mini = { fat: miniFat, offsets };
    return mini;
  };

  return {
    has: (name: string) => rootStreams.has(name.toLowerCase()),
    /** A root-level stream by name, or null. */
    stream: (name: string): CfbStream | null => {
      const entry = rootStreams.get(name.toLowerCase());
      if (!entry || entry.type !== 2) return null;
      if (entry.size > file.length * MAX_CLAIM_RATIO) throw new AppError('IMP0025');
      if (entry.size < miniCutoff) {
        const m = miniStream();
        const units = chain(m.fat, entry.start, m.offsets.length, Math.ceil(entry.size / MINI_SECTOR), 'mini FAT');
        return streamOver(
          file,
          units.map((u) => m.offsets[u]!),
          MINI_SECTOR,
          entry.size,
        );
      }
      const sectors = sectorsOf(entry.start, Math.ceil(entry.size / sectorSize));
      return streamOver(file, sectors.map(offsetOf), sectorSize, entry.size);
    },
  };
};

const readEntry = (file: Buffer, at: number): number => {
  if (at + 4 > file.length) throw damaged('sector table past the end of the file');
  return file.readUInt32LE(at);
};
