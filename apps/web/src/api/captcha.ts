import { sha256 } from '@noble/hashes/sha2.js';
import type { CaptchaChallenge } from '@opengst/contracts';

// The self-hosted proof-of-work captcha: the smallest nonce >= 0 such that SHA-256(salt + nonce) starts with
// `difficulty` zero bits. Work runs in batches with a pause between them so the page stays responsive.
// SHA-256 from @noble/hashes: synchronous (much faster here than one async WebCrypto call per nonce) and available
// over plain HTTP, where WebCrypto is not.

export const hasLeadingZeroBits = (digest: Uint8Array, bits: number): boolean => {
  const fullBytes = Math.floor(bits / 8);
  for (let index = 0; index < fullBytes; index += 1) if (digest[index] !== 0) return false;
  const rest = bits % 8;
  if (rest === 0) return true;
  return (digest[fullBytes] ?? 0) >> (8 - rest) === 0;
};

type SolveOptions = {
  /** Share of the expected work done so far, 0..1 (an estimate: the work is random). */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
  batchSize?: number;
};

const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

export const solveChallenge = async (challenge: CaptchaChallenge, options: SolveOptions = {}): Promise<number> => {
  const batchSize = options.batchSize ?? 4096;
  const encoder = new TextEncoder();
  const expectedWork = 2 ** challenge.difficulty;
  for (let start = 0; ; start += batchSize) {
    if (options.signal?.aborted) throw new DOMException('Captcha solving was cancelled', 'AbortError');
    // Nonces are checked in order, so the first hit is the smallest nonce.
    for (let nonce = start; nonce < start + batchSize; nonce += 1) {
      if (hasLeadingZeroBits(sha256(encoder.encode(challenge.salt + String(nonce))), challenge.difficulty)) return nonce;
    }
    options.onProgress?.(Math.min(0.95, (start + batchSize) / expectedWork));
    await pause();
  }
};

export const captchaHeaderValue = (challengeId: string, nonce: number): string => `${challengeId}.${nonce}`;
