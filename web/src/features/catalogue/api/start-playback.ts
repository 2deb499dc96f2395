import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export type Playback = ResponseOf<'POST /api/AWS/lectures/{id}/videos/{videoId}/playback'>;

/**
 * Issue 16: the signed cookies of one video's HLS (Set-Cookie, for its /media/hls/<assetId>/ path)
 * and its playlist, when the server's rules let this student watch it now (entitled, quiz gate
 * open, ready, views left); else 403 video.locked / video.viewLimit / lecture.notOwned or 409 video.notReady.
 * A new playback costs a view; `playbackId` (this student's live one of the video) resumes it for free.
 * Issue 41: while another device of the student streams, 409 playback.elsewhere; `takeOver` moves the stream here.
 */
export const startPlaybackApi = api.injectEndpoints({
  endpoints: (build) => ({
    startPlayback: build.mutation<Playback, { lectureId: string; videoId: string; playbackId?: string; takeOver?: boolean }>({
      query: ({ lectureId, videoId, playbackId, takeOver }) => ({
        route: 'POST /api/AWS/lectures/{id}/videos/{videoId}/playback',
        params: { id: lectureId, videoId },
        ...(playbackId || takeOver ? { body: { ...(playbackId ? { playbackId } : {}), ...(takeOver ? { takeOver } : {}) } } : {}),
      }),
    }),
  }),
});

export const { useStartPlaybackMutation } = startPlaybackApi;
