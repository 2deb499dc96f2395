/**
 * A minimal WebM muxer for one video track, so the demo video is a file a browser can seek at
 * once: the Segment Info carries the Duration and a Cues index (one cue per cluster, each cluster
 * starting at a key frame) sits before the clusters, pointed to by a SeekHead. MediaRecorder's
 * WebM has neither (a live stream: infinite duration, no seeking until fully played).
 * Used by scripts/make-demo-video.ts with frames encoded by WebCodecs; no dependencies.
 */

export interface EncodedFrame {
  /** Presentation time in milliseconds. */
  timestampMs: number;
  key: boolean;
  data: Uint8Array;
}

export interface WebmTrack {
  /** Matroska codec ID, e.g. V_VP8. */
  codecId: string;
  width: number;
  height: number;
  /** Frame duration in milliseconds (the track's DefaultDuration). */
  frameMs: number;
}

const ID = {
  EBML: 0x1a45dfa3,
  EBMLVersion: 0x4286,
  EBMLReadVersion: 0x42f7,
  EBMLMaxIDLength: 0x42f2,
  EBMLMaxSizeLength: 0x42f3,
  DocType: 0x4282,
  DocTypeVersion: 0x4287,
  DocTypeReadVersion: 0x4285,
  Segment: 0x18538067,
  SeekHead: 0x114d9b74,
  Seek: 0x4dbb,
  SeekID: 0x53ab,
  SeekPosition: 0x53ac,
  Info: 0x1549a966,
  TimecodeScale: 0x2ad7b1,
  Duration: 0x4489,
  MuxingApp: 0x4d80,
  WritingApp: 0x5741,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackUID: 0x73c5,
  TrackType: 0x83,
  FlagLacing: 0x9c,
  DefaultDuration: 0x23e383,
  CodecID: 0x86,
  Video: 0xe0,
  PixelWidth: 0xb0,
  PixelHeight: 0xba,
  Cues: 0x1c53bb6b,
  CuePoint: 0xbb,
  CueTime: 0xb3,
  CueTrackPositions: 0xb7,
  CueTrack: 0xf7,
  CueClusterPosition: 0xf1,
  Cluster: 0x1f43b675,
  Timecode: 0xe7,
  SimpleBlock: 0xa3,
} as const;

const idBytes = (id: number) => {
  const len = id > 0xffffff ? 4 : id > 0xffff ? 3 : id > 0xff ? 2 : 1;
  return Buffer.from(Array.from({ length: len }, (_, i) => (id >>> (8 * (len - 1 - i))) & 0xff));
};

/** An EBML variable-size integer (element data size), minimal length unless `width` is given. */
function vint(n: number, width?: number): Buffer {
  let len = width ?? 1;
  while (!width && n >= 2 ** (7 * len) - 1) len++;
  const out = Buffer.alloc(len);
  let v = n;
  for (let i = len - 1; i >= 0; i--) {
    out[i] = v % 256;
    v = Math.floor(v / 256);
  }
  out[0]! |= 0x80 >> (len - 1);
  return out;
}

const el = (id: number, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  return Buffer.concat([idBytes(id), vint(body.length), body]);
};

/** An unsigned integer element, minimal bytes unless `width` is given (fixed width keeps offsets stable). */
function uint(id: number, n: number, width?: number): Buffer {
  let len = width ?? 1;
  while (!width && n >= 2 ** (8 * len)) len++;
  const b = Buffer.alloc(len);
  for (let i = len - 1, v = n; i >= 0; i--, v = Math.floor(v / 256)) b[i] = v % 256;
  return el(id, b);
}

const float = (id: number, x: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(x);
  return el(id, b);
};
const text = (id: number, s: string) => el(id, Buffer.from(s, 'utf8'));

/** Clusters of ≤ 30 s, each starting at a key frame; times in the cluster are relative to its Timecode. */
function clustersOf(frames: EncodedFrame[]): { time: number; bytes: Buffer }[] {
  if (!frames[0]?.key) throw new Error('the first frame must be a key frame');
  const groups: EncodedFrame[][] = [];
  for (const f of frames) {
    const current = groups.at(-1);
    if (!current || (f.key && f.timestampMs > current[0]!.timestampMs) || f.timestampMs - current[0]!.timestampMs > 30_000) groups.push([f]);
    else current.push(f);
  }
  return groups.map((g) => {
    const time = Math.round(g[0]!.timestampMs);
    const blocks = g.map((f) => {
      const head = Buffer.alloc(4);
      head[0] = 0x81; // track 1 as a vint
      head.writeInt16BE(Math.round(f.timestampMs) - time, 1);
      head[3] = f.key ? 0x80 : 0;
      return el(ID.SimpleBlock, head, Buffer.from(f.data));
    });
    return { time, bytes: el(ID.Cluster, uint(ID.Timecode, time), ...blocks) };
  });
}

/** A complete WebM file (timestamps in ms: TimecodeScale 1 000 000 ns). */
export function muxWebm(track: WebmTrack, frames: EncodedFrame[], app = 'bioscope make-demo-video'): Buffer {
  const header = el(
    ID.EBML,
    uint(ID.EBMLVersion, 1),
    uint(ID.EBMLReadVersion, 1),
    uint(ID.EBMLMaxIDLength, 4),
    uint(ID.EBMLMaxSizeLength, 8),
    text(ID.DocType, 'webm'),
    uint(ID.DocTypeVersion, 4),
    uint(ID.DocTypeReadVersion, 2),
  );
  const last = frames.at(-1)!;
  const durationMs = last.timestampMs + track.frameMs;
  const info = el(ID.Info, uint(ID.TimecodeScale, 1_000_000), float(ID.Duration, durationMs), text(ID.MuxingApp, app), text(ID.WritingApp, app));
  const tracks = el(
    ID.Tracks,
    el(
      ID.TrackEntry,
      uint(ID.TrackNumber, 1),
      uint(ID.TrackUID, 1),
      uint(ID.TrackType, 1),
      uint(ID.FlagLacing, 0),
      uint(ID.DefaultDuration, Math.round(track.frameMs * 1_000_000)),
      text(ID.CodecID, track.codecId),
      el(ID.Video, uint(ID.PixelWidth, track.width), uint(ID.PixelHeight, track.height)),
    ),
  );
  const clusters = clustersOf(frames);
  // Positions are from the start of the Segment's data; fixed 8-byte positions keep every size
  // known before the positions are, so one pass lays the file out.
  const seekHead = (positions: number[]) =>
    el(ID.SeekHead, ...[ID.Info, ID.Tracks, ID.Cues].map((id, i) => el(ID.Seek, el(ID.SeekID, idBytes(id)), uint(ID.SeekPosition, positions[i]!, 8))));
  const cues = (clusterAt: number[]) =>
    el(ID.Cues, ...clusters.map((c, i) => el(ID.CuePoint, uint(ID.CueTime, c.time, 8), el(ID.CueTrackPositions, uint(ID.CueTrack, 1), uint(ID.CueClusterPosition, clusterAt[i]!, 8)))));
  const seekSize = seekHead([0, 0, 0]).length;
  const infoAt = seekSize;
  const tracksAt = infoAt + info.length;
  const cuesAt = tracksAt + tracks.length;
  let at = cuesAt + cues(clusters.map(() => 0)).length;
  const clusterAt = clusters.map((c) => {
    const here = at;
    at += c.bytes.length;
    return here;
  });
  const body = Buffer.concat([seekHead([infoAt, tracksAt, cuesAt]), info, tracks, cues(clusterAt), ...clusters.map((c) => c.bytes)]);
  return Buffer.concat([header, idBytes(ID.Segment), vint(body.length, 8), body]);
}
