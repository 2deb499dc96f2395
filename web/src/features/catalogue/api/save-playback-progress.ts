import { api } from '@/lib/api';

export type Span = [from: number, to: number];

/**
 * Issue 41: the player's heartbeat while a video plays (and at its pause and end), with the spans
 * played since the last one; 409 playback.takenOver when another device of the student holds the
 * stream now — the player stops.
 */
export const savePlaybackProgressApi = api.injectEndpoints({
  endpoints: (build) => ({
    savePlaybackProgress: build.mutation<unknown, { lectureId: string; videoId: string; playbackId: string; watched?: Span[] }>({
      query: ({ lectureId, videoId, playbackId, watched }) => ({
        route: 'POST /api/AWS/lectures/{id}/videos/{videoId}/progress',
        params: { id: lectureId, videoId },
        body: watched?.length ? { playbackId, watched } : { playbackId },
      }),
    }),
  }),
});

export const { useSavePlaybackProgressMutation } = savePlaybackProgressApi;
