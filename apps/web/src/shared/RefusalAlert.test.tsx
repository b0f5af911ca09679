import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderAt } from '../test/screenTestSupport';
import { RefusalAlert } from './RefusalAlert';

// A refusal is said line by line; a GSTR-1 blocked by an unanswered DRC-01B / DRC-01C (Rule 59(6)) links the lists.

describe('RefusalAlert', () => {
  afterEach(cleanup);

  it('links the DRC-01B and DRC-01C lists when GSTR-1 is blocked by an intimation, not otherwise', () => {
    renderAt(
      <RefusalAlert
        messages={['The GST portal refused the request: the intimation ZB27 in Form GST DRC-01B is not answered (RET191130)']}
        testId="refused"
      />,
      '/gstr-1',
      [],
    );
    const links = screen.getByTestId('refused-drc').querySelectorAll('a');
    expect([...links].map((a) => a.getAttribute('href'))).toEqual(['/drc-01b', '/drc-01c']);
    cleanup();
    renderAt(<RefusalAlert messages={['Invalid EVC OTP (RET191117)']} testId="refused" />, '/gstr-1', []);
    expect(screen.getByTestId('refused').textContent).toBe('Invalid EVC OTP (RET191117)');
    expect(screen.queryByTestId('refused-drc')).toBeNull();
  });
});
