// The notifications module's face to other modules (and to the public reply routes, issue 21): the reply links.
export {
  issueReplyLink,
  markReplyLinkOpened,
  REPLY_PAGE,
  resolveReplyLink,
  resolveShortLink,
  SHORT_LINK_PATH,
  type IssuedReplyLink,
  type NotificationSourceType,
  type ResolvedReplyLink,
} from './notification-links';
// The buyer's reach to a counterparty's reply attachments, for file/download (public-files.ts).
export { notificationFileAccess } from './public-files';
