import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ImportProgress } from '@opengst/contracts';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ImportProgressCard } from './ImportProgressCard';

const progress = (patch: Partial<ImportProgress>): ImportProgress => ({
  importId: 7,
  importType: 'SalesDocuments',
  fileName: 'sales.xlsx',
  status: 'InProcess',
  totalRows: 10,
  processedRows: 5,
  validRows: 4,
  errorRows: 1,
  message: null,
  finishedAt: null,
  ...patch,
});

/** Answers import/statistic/status with each progress in turn, then the last one again. */
const stubStatus = (answers: ImportProgress[]) => {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
      return new Response(JSON.stringify({ data: answer }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
};

describe('ImportProgressCard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('polls the status at poolingTime until a final status, then shows the result and the errors link', async () => {
    const calls = stubStatus([
      progress({}),
      progress({ processedRows: 10 }),
      progress({ status: 'SuccessWithError', processedRows: 10, validRows: 8, errorRows: 2, finishedAt: new Date().toISOString() }),
    ]);
    const onFinished = vi.fn();
    renderWithProviders(
      <MemoryRouter>
        <ImportProgressCard
          importId={7}
          fileName="sales.xlsx"
          startedAt={Date.now()}
          poolingTime={1}
          errorRoute="/import-document-error"
          onFinished={onFinished}
        />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('import-rows').textContent).toBe('5 of 10 rows'));
    expect(calls[0]).toContain('/import/statistic/status?importId=7');
    // Read to the end, still running: its documents are being stored.
    await waitFor(() => expect(screen.getByTestId('import-rows').textContent).toBe('All 10 rows read: storing the documents…'), {
      timeout: 3000,
    });

    const result = await screen.findByTestId('import-result', {}, { timeout: 3000 });
    expect(result.getAttribute('data-status')).toBe('SuccessWithError');
    expect(screen.getByTestId('import-rows').textContent).toBe('10 of 10 rows');
    expect(screen.getByTestId('import-error-count').textContent).toBe('2');
    expect(screen.getByTestId('import-errors-link').getAttribute('href')).toBe('/import-document-error?importId=7');
    expect(onFinished).toHaveBeenCalledTimes(1);

    // A final status stops the polling.
    const polled = calls.length;
    await new Promise((resolve) => setTimeout(resolve, 1300));
    await waitFor(() => expect(calls.length).toBe(polled));
  }, 10_000);

  it('shows a failure with its message and a link to its errors', async () => {
    stubStatus([
      progress({
        status: 'Failed',
        totalRows: 0,
        processedRows: 0,
        validRows: 0,
        errorRows: 0,
        message: 'The .xlsx file is damaged and cannot be read.',
        finishedAt: new Date().toISOString(),
      }),
    ]);
    renderWithProviders(
      <MemoryRouter>
        <ImportProgressCard
          importId={8}
          fileName="broken.xlsx"
          startedAt={Date.now()}
          poolingTime={5}
          errorRoute="/import-document-error"
          onFinished={() => {}}
        />
      </MemoryRouter>,
    );
    const result = await screen.findByTestId('import-result');
    expect(result.getAttribute('data-status')).toBe('Failed');
    expect(screen.getByText('The .xlsx file is damaged and cannot be read.')).toBeTruthy();
    expect(screen.getByTestId('import-errors-link')).toBeTruthy();
  });
});
