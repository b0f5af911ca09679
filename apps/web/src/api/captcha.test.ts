import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { captchaHeaderValue, hasLeadingZeroBits, solveChallenge } from './captcha';

const leadingZeroBits = (hex: string): number => {
  let bits = 0;
  for (const char of hex) {
    const nibble = parseInt(char, 16);
    if (nibble === 0) bits += 4;
    else return bits + Math.clz32(nibble) - 28;
  }
  return bits;
};

describe('captcha proof of work', () => {
  it('counts leading zero bits', () => {
    expect(hasLeadingZeroBits(new Uint8Array([0, 0x0f]), 12)).toBe(true);
    expect(hasLeadingZeroBits(new Uint8Array([0, 0x1f]), 12)).toBe(false);
    expect(hasLeadingZeroBits(new Uint8Array([0x80]), 0)).toBe(true);
  });

  it('finds the smallest nonce, as a brute-force search does', async () => {
    const challenge = { challengeId: 'c1', salt: 'salt-42:', difficulty: 10 };
    let expected = 0;
    while (
      leadingZeroBits(
        createHash('sha256')
          .update(challenge.salt + String(expected))
          .digest('hex'),
      ) < challenge.difficulty
    )
      expected += 1;
    const progress: number[] = [];
    const nonce = await solveChallenge(challenge, { batchSize: 64, onProgress: (share) => progress.push(share) });
    expect(nonce).toBe(expected);
    expect(captchaHeaderValue(challenge.challengeId, nonce)).toBe(`c1.${expected}`);
    expect(progress.every((share) => share >= 0 && share < 1)).toBe(true);
  });
});
