import { useEffect } from 'react';
import { Center, Loader } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { resolveShortUrl } from './replyApi';

// /t/{shortUrl} (spec modules §2.8): resolves the short link and goes to the original reply link; on failure to
// Error400. Only a reply page of this application is followed, whatever host the answer names (no open redirect).
const REPLY_PATHS = ['/notification-reply', '/crn-notification-reply', '/sales-notification-reply'];

export const ShortUrlScreen = () => {
  const { shortUrl = '' } = useParams();
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    const refuse = () => {
      if (live) void navigate('/error-400', { replace: true });
    };
    resolveShortUrl(shortUrl).then(({ originalUrl }) => {
      if (!live) return;
      const target = new URL(originalUrl, window.location.origin);
      if (!REPLY_PATHS.includes(target.pathname)) refuse();
      else void navigate(`${target.pathname}${target.search}`, { replace: true });
    }, refuse);
    return () => {
      live = false;
    };
  }, [shortUrl, navigate]);
  return (
    <Center h="60vh">
      <Loader aria-label="Opening the link" role="status" />
    </Center>
  );
};
