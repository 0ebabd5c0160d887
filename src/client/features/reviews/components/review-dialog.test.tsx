import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aReview } from '#client/testing/data';
import { json, renderWithQueryClient } from '#client/testing/render';
import { saveDraft, type DraftConcert } from '../lib/drafts';
import { ReviewDialog } from './review-dialog';

const concert: DraftConcert = {
  id: '3f1d2a4e-8c6b-4f0a-9d2e-5b7c1a9e0f11',
  artist: 'Radiohead',
  venue: 'The Forum',
  city: 'Los Angeles',
  date: '2025-12-01',
};

/**
 * The browser's upload request, answering the files it was sent as POST /api/upload does:
 * each gets an id. XMLHttpRequest is the one way to report upload progress (lib/api.ts).
 */
const uploaded = (files: File[]) => ({
  status: 201,
  body: {
    paths: files.map((_, index) => `/uploads/ab/upload-${index}.webp`),
    files: files.map((file, index) => ({ id: UPLOAD_IDS[index], name: file.name })),
  },
});

class UploadRequest {
  static sent: { url: string; files: File[] }[] = [];
  static answer: (files: File[]) => { status: number; body: unknown } = uploaded;
  upload: { onprogress?: (event: ProgressEvent) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  status = 0;
  statusText = '';
  responseText = '';
  responseType = '';
  withCredentials = false;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  send(form: FormData) {
    const files = form.getAll('files') as File[];
    UploadRequest.sent.push({ url: this.url, files });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 } as ProgressEvent);
      this.upload.onload?.();
      const { status, body } = UploadRequest.answer(files);
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    }, 0);
  }
}

const UPLOAD_IDS = ['7d0c3a1e-1111-4aaa-8bbb-000000000001', '7d0c3a1e-1111-4aaa-8bbb-000000000002'];

/** Answers the setlist (none) and the review's POST, which it returns as posted. */
function serve() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      return json(aReview('posted', { ...body, concertId: concert.id }), 201);
    }
    return json({ setlist: null });
  });
}

function renderDialog() {
  const onClose = vi.fn();
  renderWithQueryClient(
    <ReviewDialog userId="viewer" request={{ mode: 'create', concert }} onClose={onClose} />,
  );
  return { onClose };
}

const text = () => screen.getByLabelText('Your review') as HTMLTextAreaElement;
const post = () => screen.getByRole('button', { name: 'Post Review' });

describe('ReviewDialog', () => {
  beforeEach(() => {
    localStorage.clear();
    UploadRequest.sent = [];
    UploadRequest.answer = uploaded;
    vi.stubGlobal('XMLHttpRequest', UploadRequest);
    // A picked file previews from its own bytes, which the test's DOM cannot show.
    URL.createObjectURL = () => 'blob:preview';
    URL.revokeObjectURL = () => {};
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens on the chosen concert with five ratings and an empty text', () => {
    serve();
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Write a Concert Review' })).toBeTruthy();
    expect(screen.getByText(/Radiohead/)).toBeTruthy();
    for (const name of [
      'Overall rating',
      'Performance rating',
      'Sound quality rating',
      'Venue rating',
      'Value for money rating',
    ]) {
      expect(screen.getByRole('slider', { name })).toBeTruthy();
    }
    expect(text().value).toBe('');
    expect(screen.getByText('0/2000 characters')).toBeTruthy();
  });

  it('says how much to write and sends nothing while the text is too short', async () => {
    const fetch = serve();
    const user = userEvent.setup();
    renderDialog();
    await user.type(text(), 'Loud.');
    expect(screen.queryByText('Write at least 10 characters.')).toBeNull();
    await user.click(post());
    expect(await screen.findByText('Write at least 10 characters.')).toBeTruthy();
    expect(text().getAttribute('aria-invalid')).toBe('true');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    // The message goes as soon as the text is long enough.
    await user.type(text(), ' Very loud.');
    expect(screen.queryByText('Write at least 10 characters.')).toBeNull();
  });

  it('posts the ratings and the trimmed text for the concert, then closes', async () => {
    const fetch = serve();
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    screen.getByRole('slider', { name: 'Sound quality rating' }).focus();
    await user.keyboard('{ArrowLeft}');
    await user.type(text(), '  The best night of the year.  ');
    await user.click(post());

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(url).toBe('/api/reviews');
    expect(JSON.parse(String(init!.body))).toEqual({
      concertId: concert.id,
      overallRating: 5,
      performanceRating: 5,
      soundRating: 4.5,
      venueRating: 5,
      valueRating: 5,
      reviewText: 'The best night of the year.',
      media: [],
      highlights: [],
    });
    expect(screen.getByText('Review created successfully!')).toBeTruthy();
  });

  it('uploads a picked photo first, then posts the review naming it by its upload id', async () => {
    const fetch = serve();
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    const photo = new File(['not really a png'], 'stage.png', { type: 'image/png' });
    await user.upload(screen.getByTestId('review-media-input'), photo);
    await user.type(screen.getByLabelText('Photo 1 description'), ' The band under red lights ');
    await user.type(text(), 'The best night of the year.');
    await user.click(post());

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(UploadRequest.sent).toHaveLength(1);
    expect(UploadRequest.sent[0]!.url).toBe('/api/upload');
    expect(UploadRequest.sent[0]!.files.map((file) => file.name)).toEqual(['stage.png']);
    const [, init] = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(init!.body)).media).toEqual([
      { id: UPLOAD_IDS[0], altText: 'The band under red lights' },
    ]);
    expect(screen.getByText('Review created successfully!')).toBeTruthy();
  }, 15_000);

  it('shows the server’s refusal next to the file it names, and posts nothing', async () => {
    const fetch = serve();
    UploadRequest.answer = () => ({
      status: 400,
      body: { message: 'stage.png could not be read as an image' },
    });
    const user = userEvent.setup();
    renderDialog();
    await user.upload(
      screen.getByTestId('review-media-input'),
      new File(['x'], 'stage.png', { type: 'image/png' }),
    );
    await user.type(text(), 'The best night of the year.');
    await user.click(post());

    expect((await screen.findByRole('alert')).textContent).toBe(
      'stage.png could not be read as an image',
    );
    expect(screen.getByRole('button', { name: 'Post Review' })).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  }, 15_000);
});

const OWN_REVIEW_ID = '9a8b7c6d-2222-4ccc-8ddd-000000000009';
const otherConcert: DraftConcert = { ...concert, id: 'sfm_other', date: '2024-06-01' };

/**
 * The search (two Radiohead shows), the person's reviews among them (the first) and the
 * review's POST, refused with 409 as the server does for a second review of a show.
 */
function serveReviewed({ postStatus = 201 }: { postStatus?: number } = {}) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    const address = String(url);
    if (init?.method === 'POST') {
      return postStatus === 409
        ? json({ message: 'You have already reviewed this concert: edit your review instead' }, 409)
        : json(aReview('posted', { concertId: concert.id }), 201);
    }
    if (address.startsWith('/api/setlistfm/events')) {
      return json([concert, otherConcert].map((c) => ({ ...c, genre: null })));
    }
    if (address.startsWith('/api/users/me/reviewed-concerts')) {
      return json([{ concertId: concert.id, reviewId: OWN_REVIEW_ID }]);
    }
    return json({ setlist: null });
  });
}

function renderOn(request: Parameters<typeof ReviewDialog>[0]['request']) {
  const onClose = vi.fn();
  const onEditReview = vi.fn();
  renderWithQueryClient(
    <ReviewDialog
      userId="viewer"
      request={request}
      onEditReview={onEditReview}
      onClose={onClose}
    />,
  );
  return { onClose, onEditReview };
}

const storedDrafts = () => JSON.parse(localStorage.getItem('encore:review-drafts:viewer') ?? '[]');

describe('ReviewDialog: one review per show', () => {
  beforeEach(() => localStorage.clear());

  it('marks the shows the person reviewed in the search and opens that review instead', async () => {
    const fetch = serveReviewed();
    const user = userEvent.setup();
    const { onEditReview } = renderOn({ mode: 'create' });
    await user.type(screen.getByLabelText('Concert'), 'Radiohead');

    const results = await screen.findAllByRole('button', { name: /Radiohead/ });
    await waitFor(() => expect(screen.getByText('Reviewed')).toBeTruthy());
    const asked = fetch.mock.calls
      .map(([url]) => String(url))
      .find((url) => url.startsWith('/api/users/me/reviewed-concerts'))!;
    expect(new URL(asked, 'http://x').searchParams.get('concertIds')).toBe(
      `${concert.id},${otherConcert.id}`,
    );
    expect(results[0]!.textContent).toContain('Reviewed');
    expect(results[1]!.textContent).not.toContain('Reviewed');

    await user.click(results[0]!);
    expect(onEditReview).toHaveBeenCalledWith(OWN_REVIEW_ID);
    // A show not reviewed yet is chosen as before.
    await user.click(results[1]!);
    expect(screen.getByRole('button', { name: 'Change' })).toBeTruthy();
  });

  it('keeps the text, ratings and draft when the post is refused as a second review, and offers the review', async () => {
    serveReviewed({ postStatus: 409 });
    const user = userEvent.setup();
    const { onClose, onEditReview } = renderOn({ mode: 'create', concert });
    screen.getByRole('slider', { name: 'Sound quality rating' }).focus();
    await user.keyboard('{ArrowLeft}');
    await user.type(text(), 'The best night of the year.');
    await user.click(post());

    const alert = await screen.findByText(/You have already reviewed this show/);
    expect(alert).toBeTruthy();
    expect(text().value).toBe('The best night of the year.');
    expect(
      screen.getByRole('slider', { name: 'Sound quality rating' }).getAttribute('aria-valuenow'),
    ).toBe('4.5');
    expect(storedDrafts()).toEqual([
      expect.objectContaining({
        reviewText: 'The best night of the year.',
        concert,
        ratings: expect.objectContaining({ soundRating: 4.5 }),
      }),
    ]);
    expect(onClose).not.toHaveBeenCalled();

    await user.click(await screen.findByRole('button', { name: 'Edit your review' }));
    expect(onEditReview).toHaveBeenCalledWith(OWN_REVIEW_ID);
    expect(storedDrafts()).toHaveLength(1);
  });

  it('offers a draft of the concert, and fills the form from it on Continue draft', async () => {
    serveReviewed();
    saveDraft('viewer', {
      id: 'draft-1',
      concert,
      ratings: {
        overallRating: 4,
        performanceRating: 4,
        soundRating: 4,
        venueRating: 4,
        valueRating: 4,
      },
      reviewText: 'Half a thought about the encore',
      savedAt: '2026-11-20T10:00:00.000Z',
    });
    const user = userEvent.setup();
    renderOn({ mode: 'create', concert });
    expect(screen.getByText('Continue your draft of Radiohead?')).toBeTruthy();
    expect(text().value).toBe('');

    await user.click(screen.getByRole('button', { name: 'Continue draft' }));
    expect(text().value).toBe('Half a thought about the encore');
    expect(screen.queryByText('Continue your draft of Radiohead?')).toBeNull();
  });

  it('starts fresh when asked, and says where a saved draft went', async () => {
    serveReviewed();
    saveDraft('viewer', {
      id: 'draft-1',
      concert,
      ratings: {
        overallRating: 4,
        performanceRating: 4,
        soundRating: 4,
        venueRating: 4,
        valueRating: 4,
      },
      reviewText: 'Half a thought about the encore',
      savedAt: '2026-11-20T10:00:00.000Z',
    });
    const user = userEvent.setup();
    const { onClose } = renderOn({ mode: 'create', concert });
    await user.click(screen.getByRole('button', { name: 'Start fresh' }));
    expect(screen.queryByText('Continue your draft of Radiohead?')).toBeNull();
    expect(text().value).toBe('');

    await user.type(text(), 'A new start.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Save draft' }));
    expect(onClose).toHaveBeenCalled();
    // onClose is a spy, so the dialog stays open and hides the toast list from roles.
    expect(await screen.findByText('Draft saved')).toBeTruthy();
    expect(screen.getByText('Find it in My Reviews under Drafts.')).toBeTruthy();
    // The older draft stays in My Reviews beside the new one.
    expect(storedDrafts().map((d: { reviewText: string }) => d.reviewText)).toEqual([
      'A new start.',
      'Half a thought about the encore',
    ]);
  });
});
