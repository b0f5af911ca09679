import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirInUseError extends Error {}

/**
 * A process as the kernel knows it on Linux: its state and its start time (clock ticks after boot, /proc/<pid>/stat
 * fields 3 and 22), or null when there is no such process. Elsewhere: null (the caller falls back to a signal 0).
 */
const procStat = (pid: number): { state: string; startTime: string } | null | undefined => {
  if (process.platform !== 'linux') return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: the fields after it follow the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', startTime: fields[19] ?? '' };
  } catch {
    return null;
  }
};

const signalsAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** This process, as written into the lock: "pid startTime" (the start time tells a reused pid from its owner). */
const identity = (): string => `${process.pid} ${procStat(process.pid)?.startTime ?? ''}`.trim();

/**
 * The lock's owner still runs. A killed process that its parent has not reaped yet (a zombie, state Z, for the seconds
 * a `kill -9` of a large heap takes) no longer holds the folder, and neither does another process that got the same
 * pid after a reboot (issue 16: a restart right after `kill -9` was refused for about 10 s).
 */
const ownerRuns = (written: string): boolean => {
  const [pidText, startTime] = written.trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  const stat = procStat(pid);
  if (stat === undefined) return signalsAlive(pid);
  if (stat === null || stat.state === 'Z' || stat.state === 'X') return false;
  return !startTime || stat.startTime === startTime;
};

/**
 * One process owns an embedded data folder: a second one gets a clear error instead of opening the same
 * PGlite files (which would corrupt them). A lock left by a dead process is taken over.
 */
export const acquireDataDirLock = (dataDir: string): (() => void) => {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'opengst.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, identity());
      closeSync(fd);
      let released = false;
      return () => {
        if (!released) rmSync(path, { force: true });
        released = true;
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const written = readFileSync(path, 'utf8');
      if (ownerRuns(written)) {
        throw new DataDirInUseError(
          `The data folder ${dataDir} is in use by another OpenGST process (pid ${written.trim().split(/\s+/)[0]}). Stop it first, or start with --data-dir <another folder>.`,
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock the data folder ${dataDir}.`);
};
