import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** Turns URLs in a text into links; the rest stays text. */
export const linkify = (text: string): ReactNode[] =>
  text.split(URL_PATTERN).map((part, index) =>
    index % 2 === 1 ? (
      <Anchor key={index} href={part} target="_blank" rel="noopener noreferrer">
        {part}
      </Anchor>
    ) : (
      part
    ),
  );
