import { useEffect, useRef } from 'react';
import { Center, Loader, Text } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';

/**
 * A page that swaps the one-time request token of its link (?request=...) for a session: `swap` stores the session,
 * then the browser goes to `next`; a missing request or any failure (expired, used, tampered) is Unauthorized Access.
 * The swap runs once, though React draws the page twice in development.
 */
export const RequestTokenSwap = ({ swap, next, text }: { swap: (request: string) => Promise<void>; next: string; text: string }) => {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const request = searchParams.get('request') ?? '';
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const refused = () => void navigate('/unauthorized-access', { replace: true });
    if (!request) return refused();
    swap(request).then(() => void navigate(next, { replace: true }), refused);
  }, [request, navigate, swap, next]);

  return (
    <Center h="60vh">
      <Loader size="sm" mr="xs" />
      <Text size="sm">{text}</Text>
    </Center>
  );
};
