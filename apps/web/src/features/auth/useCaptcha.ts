import { useCallback, useEffect, useRef, useState } from 'react';
import { captchaHeaderValue, solveChallenge } from '../../api/captcha';
import { fetchCaptchaChallenge, type CaptchaProof } from '../../api/authApi';

export type CaptchaStatus = 'off' | 'solving' | 'solved' | 'failed';
export type CaptchaState = { status: CaptchaStatus; progress: number };

export type Captcha = CaptchaState & {
  /** True when the form may be sent: captcha off, or solved. */
  isReady: boolean;
  /** The proof for one request; a challenge is single use, so call renew() if the user must send again. */
  takeProof: () => CaptchaProof;
  renew: () => void;
};

/** Fetches and solves a proof-of-work challenge whenever captcha is enabled for the tenant. */
export const useCaptcha = (siteKey: string, isEnabled: boolean): Captcha => {
  const [state, setState] = useState<CaptchaState>({ status: isEnabled ? 'solving' : 'off', progress: 0 });
  const [round, setRound] = useState(0);
  const proof = useRef<CaptchaProof>(null);

  useEffect(() => {
    proof.current = null;
    if (!isEnabled) {
      setState({ status: 'off', progress: 0 });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'solving', progress: 0 });
    const solve = async () => {
      try {
        const challenge = await fetchCaptchaChallenge(siteKey);
        const nonce = await solveChallenge(challenge, {
          signal: controller.signal,
          onProgress: (progress) => setState({ status: 'solving', progress }),
        });
        proof.current = { header: captchaHeaderValue(challenge.challengeId, nonce) };
        setState({ status: 'solved', progress: 1 });
      } catch {
        if (!controller.signal.aborted) setState({ status: 'failed', progress: 0 });
      }
    };
    void solve();
    return () => controller.abort();
  }, [siteKey, isEnabled, round]);

  const takeProof = useCallback((): CaptchaProof => {
    const taken = proof.current;
    proof.current = null;
    return taken;
  }, []);
  const renew = useCallback(() => setRound((value) => value + 1), []);

  return { ...state, isReady: state.status === 'off' || state.status === 'solved', takeProof, renew };
};
