import { TypographyStylesProvider } from '@mantine/core';

/**
 * An announcement's body. The HTML was sanitised by the server when saved (an allow-list of tags, links to http(s) and
 * mailto only, no attributes otherwise: apps/server/src/modules/announcements/announcement-html.ts), so it is shown
 * as HTML here rather than escaped.
 */
export const AnnouncementBody = ({ html }: { html: string }) => (
  <TypographyStylesProvider fz="sm" data-testid="announcement-body">
    <div dangerouslySetInnerHTML={{ __html: html }} />
  </TypographyStylesProvider>
);
