/** Catalogue data as the API answers it (shared/schemas/catalogue.ts), for the web tests. */
export const course = (over: Record<string, unknown> = {}) => ({
  id: 'c1',
  name: 'الصف الأول الثانوي',
  imageUrl: null,
  courseFor: 'ثانوي عام, ثانوي لغات',
  terms: [],
  ...over,
});

export const lecture = (over: Record<string, unknown> = {}) => ({
  id: 'l1',
  name: 'انقسام الخلية',
  lectureName: 'انقسام الخلية',
  subTitle: 'محاضرة مجانية',
  price: 0,
  isFree: true,
  photoUrl: null,
  numberOfLectures: 1,
  contentId: 's1',
  termId: 't1',
  courseId: 'c1',
  videos: [],
  ...over,
});

export const video = (over: Record<string, unknown> = {}) => ({ id: 'v1', videoName: 'Video one', name: 'Video one', quizId: null, order: 1, ...over });

/**
 * A stand-in for XMLHttpRequest: records each PUT so a test can drive its upload progress
 * and finish it.
 */
export class FakeXhr {
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  finish(status = 200) {
    this.status = status;
    this.onload?.();
  }
}

export function installFakeXhr() {
  FakeXhr.all = [];
  (globalThis as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
}

export const fileOf = (name: string, type: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type });

/**
 * The player's startPlayback (issue 16) as the server answers it: the video's playlist under
 * /media/hls/<videoId>/ (undefined for any other URL). With `nativeHls()` the player hands that
 * playlist to the <video> itself (the browser's own HLS: jsdom has no Media Source Extensions).
 */
export function playbackAnswer(url: string) {
  const m = /^\/api\/AWS\/lectures\/[^/]+\/videos\/([^/]+)\/playback$/.exec(url);
  if (!m) return undefined;
  return { status: 200, body: { playlistUrl: `/media/hls/${m[1]}/master.m3u8`, expiresAt: '2026-11-24T23:00:00.000Z', viewsLeft: null, playbackId: `p-${m[1]}`, rungs: [], encrypted: false } };
}
export const nativeHls = () => jest.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) => (type === 'application/vnd.apple.mpegurl' ? 'maybe' : ''));
