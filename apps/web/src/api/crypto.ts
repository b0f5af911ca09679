import { cbc } from '@noble/ciphers/aes.js';
import type { Encryptor } from '@opengst/contracts';

// Secrets travel AES-256-CBC encrypted (PKCS#7 padding) with the one-time key and iv of `public/encryptor/get`,
// base64 encoded. @noble/ciphers (audited, dependency-free) rather than WebCrypto: WebCrypto exists only in secure
// contexts, and a self-hosted install on a LAN is often reached over plain HTTP.

const fromBase64 = (value: string): Uint8Array => Uint8Array.from(atob(value), (char) => char.charCodeAt(0));

const toBase64 = (bytes: Uint8Array): string => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

/** Encrypts each secret with the same one-time key, in order. */
export const encryptSecrets = async (encryptor: Encryptor, secrets: readonly string[]): Promise<string[]> => {
  const key = fromBase64(encryptor.key);
  const iv = fromBase64(encryptor.iv);
  const encoder = new TextEncoder();
  return secrets.map((secret) => toBase64(cbc(key, iv).encrypt(encoder.encode(secret))));
};
