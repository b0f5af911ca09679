import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NoticeDocument } from '@opengst/contracts';
import { json, pick, renderAt, stubApi } from '../../test/screenTestSupport';
import { formatFileSize, NoticeDocuments } from './NoticeDocuments';
import { detail } from './noticeTestFixtures';
import { NoticeTimeline } from './NoticeTimeline';

// A notice's documents: a file of the spec's types uploaded (file/upload, with its progress) and attached with the kind
// and the timeline event chosen; a file of another type refused before it is sent, and the server's refusal shown; the
// list with name, kind, size, who and when; the delete confirmed first; a reader sees the list without the upload.

const stored = {
  id: 41,
  fileName: 'DRC-06 reply.pdf',
  contentType: 'application/pdf',
  sizeBytes: 254_976,
  sha256: 'ab'.repeat(32),
  uploadedAt: '2026-11-27T06:00:00.000Z',
};
const document: NoticeDocument = {
  id: 9,
  noticeId: 5,
  kind: 'Reply',
  eventId: 31,
  note: 'Filed on the portal',
  file: stored,
  userName: 'Asha Rao',
  at: '2026-11-27T06:00:00.000Z',
};
const notice = detail(5, {
  stage: 'Replied',
  events: [
    {
      id: 30,
      action: 'Created',
      fromStage: null,
      toStage: 'Received',
      eventDate: '2026-11-02',
      reference: '',
      amount: null,
      note: '',
      userName: 'Asha Rao',
      at: '2026-11-02T06:00:00.000Z',
    },
    {
      id: 31,
      action: 'StageChanged',
      fromStage: 'Received',
      toStage: 'Replied',
      eventDate: '2026-11-20',
      reference: 'AA271120',
      amount: null,
      note: '',
      userName: 'Asha Rao',
      at: '2026-11-20T06:00:00.000Z',
    },
  ],
});

/** XMLHttpRequest as the upload uses it: reports half, then all of the file sent, then answers `answer`. */
const stubUpload = (answer: { status: number; body: unknown }) => {
  const sent: { url: string; form: FormData }[] = [];
  class FakeRequest {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    getResponseHeader() {
      return null;
    }
    send(form: FormData) {
      sent.push({ url: this.url, form });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      setTimeout(() => {
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      }, 20);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return sent;
};

const pdf = (name = 'DRC-06 reply.pdf') => new File(['%PDF-1.4 reply'], name, { type: 'application/pdf' });

describe('NoticeDocuments', () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView ??= () => {};
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('uploads a PDF with its progress, attaches it with the kind and event chosen, and lists it', async () => {
    let attached = false;
    const calls = stubApi((url) =>
      url.includes('/litigation/documents/attach')
        ? ((attached = true), json(document))
        : url.includes('/litigation/documents')
          ? json({ items: attached ? [document] : [] })
          : json({}),
    );
    const sent = stubUpload({ status: 200, body: { data: stored } });
    renderAt(<NoticeDocuments notice={notice} />, '/edit-litigation?id=5', ['LitigationManagement', 'LitigationEdit']);
    expect((await screen.findByTestId('documents-empty')).textContent).toContain('Upload the notice PDF');
    await pick(screen.getByTestId('document-kind'), 'Reply');
    await pick(screen.getByTestId('document-event'), 'Replied or paid · 20-11-2026 · AA271120');
    fireEvent.change(screen.getByTestId('document-note'), { target: { value: 'Filed on the portal' } });
    fireEvent.change(screen.getByTestId('document-input'), { target: { files: [pdf()] } });
    expect(
      within(await screen.findByTestId('document-progress'))
        .getByRole('progressbar')
        .getAttribute('aria-valuenow'),
    ).toBe('50');
    await waitFor(() => expect(calls.some((c) => c.url.includes('/documents/attach'))).toBe(true));
    expect(sent[0]?.url).toBe('/api/v0.1/file/upload?purpose=NoticeDocument');
    expect((sent[0]?.form.get('file') as File).name).toBe('DRC-06 reply.pdf');
    expect(calls.find((c) => c.url.includes('/documents/attach'))?.body).toEqual({
      noticeId: 5,
      fileId: 41,
      kind: 'Reply',
      eventId: 31,
      note: 'Filed on the portal',
    });
    const row = await screen.findByTestId('document-9');
    expect(row.textContent).toBe('DRC-06 reply.pdfReply · 249.0 KBFiled on the portalAsha Rao27-11-2026 06:00Delete document');
  });

  it('refuses a file of another type before sending it, and shows the server refusal of a disguised one', async () => {
    stubApi((url) => (url.includes('/litigation/documents') ? json({ items: [] }) : json({})));
    const sent = stubUpload({
      status: 422,
      body: {
        errors: [
          {
            code: 'GEN0009',
            propertyName: 'File',
            type: 'Error',
            message: 'This file cannot be uploaded: use a PDF, Word (doc, docx), JPEG or PNG file of at most 20 MB (spec core §5).',
          },
        ],
      },
    });
    renderAt(<NoticeDocuments notice={notice} />, '/edit-litigation?id=5', ['LitigationManagement', 'LitigationEdit']);
    await screen.findByTestId('documents-empty');
    fireEvent.change(screen.getByTestId('document-input'), { target: { files: [new File(['MZ'], 'setup.exe')] } });
    expect((await screen.findByTestId('document-refusal')).textContent).toContain(
      'use a PDF, Word (doc, docx), JPEG or PNG file of at most 20 MB',
    );
    expect(sent).toEqual([]);
    fireEvent.drop(screen.getByTestId('document-drop'), { dataTransfer: { files: [pdf('annexure.pdf')] } });
    await waitFor(() => expect(screen.getByTestId('document-refusal').textContent).toContain('(spec core §5)'));
    expect(sent).toHaveLength(1);
  });

  it('deletes a document after a confirmation, and shows a reader the list without the upload', async () => {
    let deleted = false;
    const calls = stubApi((url) =>
      url.includes('/documents/delete')
        ? ((deleted = true), json({ items: [] }))
        : url.includes('/litigation/documents')
          ? json({ items: deleted ? [] : [document] })
          : json({}),
    );
    renderAt(<NoticeDocuments notice={notice} />, '/edit-litigation?id=5', ['LitigationManagement', 'LitigationEdit']);
    fireEvent.click(await screen.findByTestId('document-delete-9'));
    expect(await screen.findByText('Delete DRC-06 reply.pdf from this notice? The file is removed with it.')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/documents/delete'))).toBe(false);
    fireEvent.click(screen.getByTestId('document-delete-9-confirm'));
    await waitFor(() => expect(calls.find((c) => c.url.includes('/documents/delete'))?.body).toEqual({ id: 9 }));
    expect(await screen.findByTestId('documents-empty')).toBeTruthy();
    cleanup();

    stubApi((url) => (url.includes('/litigation/documents') ? json({ items: [document] }) : json({})));
    renderAt(<NoticeDocuments notice={notice} />, '/edit-litigation?id=5', ['LitigationManagement']);
    expect(await screen.findByTestId('document-9')).toBeTruthy();
    expect(screen.queryByTestId('document-drop')).toBeNull();
    expect(screen.queryByTestId('document-delete-9')).toBeNull();
    expect(screen.getByText('You can read the documents; adding or deleting them needs the right to edit notices.')).toBeTruthy();
  });

  it("attaches a document chosen in the timeline's move form to the move's event, as a reply", async () => {
    const received = detail(5, { nextStages: ['UnderReview', 'Replied', 'Closed'], events: [notice.events[0]!] });
    const moved = detail(5, { stage: 'Replied', events: notice.events });
    const calls = stubApi((url) =>
      url.includes('/litigation/move')
        ? json(moved)
        : url.includes('/documents/attach')
          ? json(document)
          : url.includes('/litigation/documents')
            ? json({ items: [] })
            : json({}),
    );
    const sent = stubUpload({ status: 200, body: { data: stored } });
    const changed = vi.fn();
    renderAt(<NoticeTimeline notice={received} onChanged={changed} />, '/edit-litigation?id=5', ['LitigationManagement', 'LitigationEdit']);
    fireEvent.click(await screen.findByTestId('notice-move'));
    fireEvent.click(await screen.findByTestId('notice-move-Replied'));
    await screen.findByTestId('move-file');
    const input = window.document.querySelector('input[type=file]') ?? window.document.body;
    fireEvent.change(input, { target: { files: [new File(['MZ'], 'setup.exe')] } });
    expect(await screen.findByText(/use a PDF, Word \(doc, docx\), JPEG or PNG file/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('move-submit'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((c) => c.url.includes('/litigation/move'))).toBe(false);
    fireEvent.change(input, { target: { files: [pdf()] } });
    fireEvent.click(screen.getByTestId('move-submit'));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/documents/attach'))?.body).toEqual({
        noticeId: 5,
        fileId: 41,
        kind: 'Reply',
        eventId: 31,
        note: '',
      }),
    );
    expect(sent).toHaveLength(1);
    expect(changed).toHaveBeenCalledWith(moved);
  });

  it('writes sizes as a file manager does', () => {
    expect([formatFileSize(900), formatFileSize(254_976), formatFileSize(5 * 1024 * 1024)]).toEqual(['900 B', '249.0 KB', '5.0 MB']);
  });
});
