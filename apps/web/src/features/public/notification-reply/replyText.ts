import { PUBLIC_REPLY_TEXT, type PublicReplyTextKey } from '@opengst/contracts';
import { fillText, type TextVars } from '../../../i18n/useText';

/** The reply pages' texts (before sign-in: the bundle of contracts, as the public HSN search reads its own). */
export const say = (key: PublicReplyTextKey, vars?: TextVars): string => fillText(PUBLIC_REPLY_TEXT[key], vars);
