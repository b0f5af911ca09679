// The public reply routes in the cross-tenant sweep (tenant-sweep.test.ts): they take no session, so an administrator's
// call names nothing; each reaches only the notification of its public token, which public-reply.test.ts proves (another
// notification's ids answer 404, a foreign file 404, a revoked or tampered token 401).
import { PUBLIC_REPLY_API as R } from '@opengst/contracts';

export const PUBLIC_REPLY_NO_RECORD_IDS = [
  `GET ${R.validate}`,
  `GET ${R.shortUrl}`,
  `POST ${R.detail}`,
  `POST ${R.reply}`,
  `GET ${R.options}`,
  `GET ${R.enumByType}`,
  `POST ${R.upload}`,
  `GET ${R.download}`,
  `POST ${R.delete}`,
];
