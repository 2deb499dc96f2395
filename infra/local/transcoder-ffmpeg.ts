/**
 * The local transcoder's translation of a MediaConvert CreateJob input (functions/media/job.ts) into
 * one ffmpeg run, and what it reads back from ffmpeg. Pure functions: infra/local/transcoder.ts runs them.
 *
 * One ffmpeg process decodes the source once and encodes every rung: `split` + `scale` per rung,
 * libx264 veryfast at a constant quality capped at the rung's bitrate (x264's counterpart of
 * MediaConvert's QVBR: a still board costs few bits, a busy scene no more than the cap), a keyframe per
 * segment (no scene-cut keyframes, so every rung cuts its segments at the same times), the rung's AAC-LC
 * audio (mono on the low rungs), and one HLS output per rung written to
 * <out>/<rung>/index.m3u8 + seg_000.ts …. The master playlist is written here (masterPlaylist):
 * ffmpeg 4.1's own -master_pl_name writes it empty and its -var_stream_map refuses names.
 */
import type { CreateJobCommandInput } from '@aws-sdk/client-mediaconvert';
import { bandwidthOf, GOP_SECONDS, QVBR_QUALITY_LEVEL } from '../../functions/media/job';
import { audioOf, type LadderRung } from '../../shared/video';

export interface LocalJobPlan {
  bucket: string;
  sourceKey: string;
  /** The output folder in the bucket: hls/<assetId>/ (the HLS group's Destination without its base name). */
  outBucket: string;
  outPrefix: string;
  /** The master playlist's file name (the Destination's base name + .m3u8). */
  masterName: string;
  /** Each rung with the audio its output asks for. */
  rungs: LadderRung[];
  segmentSeconds: number;
  /** The keyframe interval of the outputs (GopSize in seconds). */
  gopSeconds: number;
  /** x264's constant quality for the outputs' QVBR level (crfOf). */
  crf: number;
  aes?: { keyHex: string; url: string };
  /** The job's frame capture (a poster): <outPrefix><base>.NNNNNNN.jpg, the first frame and one every `everySeconds`, at most `max`. */
  poster?: { base: string; height: number; everySeconds: number; max: number; quality: number };
  userMetadata: Record<string, string>;
}

const s3Url = (url: string | undefined, what: string) => {
  const m = /^s3:\/\/([^/]+)\/(.+)$/.exec(url ?? '');
  if (!m) throw new Error(`${what} must be an s3://bucket/key URL (got ${JSON.stringify(url)})`);
  return { bucket: m[1]!, key: m[2]! };
};

/** What the local runner needs of a CreateJob input; throws with a readable reason on a shape it cannot run. */
export function planOf(input: CreateJobCommandInput): LocalJobPlan {
  const settings = input.Settings;
  const source = s3Url(settings?.Inputs?.[0]?.FileInput, 'Settings.Inputs[0].FileInput');
  const group = settings?.OutputGroups?.find((g) => g.OutputGroupSettings?.Type === 'HLS_GROUP_SETTINGS');
  const hls = group?.OutputGroupSettings?.HlsGroupSettings;
  if (!group || !hls) throw new Error('the job has no HLS_GROUP_SETTINGS output group');
  const dest = s3Url(hls.Destination, 'HlsGroupSettings.Destination');
  const slash = dest.key.lastIndexOf('/');
  const outPrefix = dest.key.slice(0, slash + 1);
  const base = dest.key.slice(slash + 1) || 'index';
  const outputs = group.Outputs ?? [];
  const rungs = outputs.map((o, i): LadderRung => {
    const h264 = o.VideoDescription?.CodecSettings?.H264Settings;
    const height = o.VideoDescription?.Height;
    const maxBitrate = h264?.MaxBitrate ?? h264?.Bitrate;
    if (!height || !maxBitrate) throw new Error(`output ${i} needs VideoDescription.Height and H264Settings.MaxBitrate`);
    const aac = o.AudioDescriptions?.[0]?.CodecSettings?.AacSettings;
    const name = (o.NameModifier ?? `_${height}p`).replace(/^[_-]+/, '');
    if (!/^[A-Za-z0-9_-]{1,20}$/.test(name)) throw new Error(`output ${i} has a NameModifier the local runner cannot use as a folder: ${JSON.stringify(o.NameModifier)}`);
    return { name, height: height + (height % 2), videoKbps: Math.round(maxBitrate / 1000), ...(aac?.Bitrate ? { audioKbps: Math.round(aac.Bitrate / 1000), audioChannels: aac.CodingMode === 'CODING_MODE_1_0' ? 1 : 2 } : {}) };
  });
  const h264 = outputs[0]?.VideoDescription?.CodecSettings?.H264Settings;
  if (!rungs.length) throw new Error('the HLS output group has no outputs');
  const key = hls.Encryption?.StaticKeyProvider;
  if (hls.Encryption && (!key?.StaticKeyValue || !/^[0-9a-fA-F]{32}$/.test(key.StaticKeyValue) || !key.Url)) {
    throw new Error('HLS encryption needs StaticKeyProvider.StaticKeyValue (32 hex digits) and Url');
  }
  return {
    ...posterPlan(settings?.OutputGroups ?? [], dest.bucket, outPrefix),
    bucket: source.bucket,
    sourceKey: source.key,
    outBucket: dest.bucket,
    outPrefix,
    masterName: `${base}.m3u8`,
    rungs,
    segmentSeconds: hls.SegmentLength ?? 6,
    gopSeconds: h264?.GopSizeUnits === 'SECONDS' && h264.GopSize ? h264.GopSize : GOP_SECONDS,
    crf: crfOf(h264?.QvbrSettings?.QvbrQualityLevel ?? QVBR_QUALITY_LEVEL),
    ...(key?.StaticKeyValue && key.Url ? { aes: { keyHex: key.StaticKeyValue.toLowerCase(), url: key.Url } } : {}),
    userMetadata: { ...(input.UserMetadata ?? {}) },
  };
}

/**
 * x264's CRF for a QVBR quality level (1–10, 10 the best): level 7 ↔ CRF 23 (x264's own default), three
 * CRF steps a level. An approximation: the two encoders do not share a quality scale.
 */
export const crfOf = (qvbrLevel: number) => Math.min(51, Math.max(0, 44 - 3 * qvbrLevel));

/** What `ffmpeg -i <source>` says about its input (stderr). */
export interface SourceInfo {
  durationSeconds?: number;
  video?: { codec: string; width: number; height: number; fps: number };
  hasAudio: boolean;
  /** An input format of still images (png_pipe, image2, …): not a video even if it has a "Video" stream. */
  still: boolean;
  /** ffmpeg's own complaint when it could not read the input at all. */
  unreadable?: string;
}

export function parseSourceInfo(stderr: string): SourceInfo {
  const d = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const durationSeconds = d ? Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]) : undefined;
  const input = /Input #0, ([^,]+(?:,[^,]+)*?), from /.exec(stderr)?.[1] ?? '';
  const v = /Stream #0:\d+[^:]*: Video: (\w+)[^\n]*?, (\d{2,5})x(\d{2,5})[^\n]*/.exec(stderr);
  const fps = v ? Number(/(\d+(?:\.\d+)?) fps/.exec(v[0])?.[1] ?? /(\d+(?:\.\d+)?) tbr/.exec(v[0])?.[1] ?? 30) : 30;
  const unreadable = /: (Invalid data found when processing input|No such file or directory|Permission denied|End of file)/.exec(stderr)?.[1];
  // A phone's portrait recording is stored landscape with a rotation that ffmpeg applies on decoding: its frames are the other way round.
  const after = v ? stderr.slice(stderr.indexOf(v[0]) + v[0].length).split(/\n\s*Stream #/)[0]! : '';
  const rotation = Number(/^\s*rotate\s*:\s*(-?\d+)/m.exec(after)?.[1] ?? /rotation of (-?[\d.]+) degrees/.exec(after)?.[1] ?? 0);
  const turned = Math.abs(Math.round(rotation)) % 180 === 90;
  return {
    ...(durationSeconds !== undefined ? { durationSeconds } : {}),
    ...(v ? { video: { codec: v[1]!, width: Number(turned ? v[3] : v[2]), height: Number(turned ? v[2] : v[3]), fps: fps > 0 && fps <= 240 ? fps : 30 } } : {}),
    hasAudio: /Stream #0:\d+[^:]*: Audio: /.test(stderr),
    still: /(^|,)(image2|\w+_pipe)(,|$)/.test(input),
    ...(unreadable ? { unreadable } : {}),
  };
}

/** Why this source cannot be transcoded, in words an admin reads in the lecture editor; undefined: it can. */
export function sourceProblem(info: SourceInfo): string | undefined {
  if (info.unreadable) return `The file is not a video the transcoder can read (ffmpeg: ${info.unreadable})`;
  if (!info.video) return 'The file has no video stream';
  if (info.still || !info.durationSeconds) return `The file is a still image (${info.video.codec}), not a video`;
  return undefined;
}

/** The frame capture group's poster, when there is one writing into the HLS folder (where the playback cookies reach). */
function posterPlan(groups: NonNullable<NonNullable<CreateJobCommandInput['Settings']>['OutputGroups']>, bucket: string, outPrefix: string): Pick<LocalJobPlan, 'poster'> {
  for (const g of groups) {
    const dest = g.OutputGroupSettings?.FileGroupSettings?.Destination;
    const out = g.Outputs?.find((o) => o.VideoDescription?.CodecSettings?.Codec === 'FRAME_CAPTURE');
    const fc = out?.VideoDescription?.CodecSettings?.FrameCaptureSettings;
    if (g.OutputGroupSettings?.Type !== 'FILE_GROUP_SETTINGS' || !dest || !out || !fc) continue;
    const where = s3Url(dest, 'FileGroupSettings.Destination');
    const base = where.key.slice(outPrefix.length) + (out.NameModifier ?? '');
    if (where.bucket !== bucket || !where.key.startsWith(outPrefix) || !/^[A-Za-z0-9_-]{1,40}$/.test(base)) throw new Error(`the frame capture must write into the HLS folder s3://${bucket}/${outPrefix} (got ${JSON.stringify(dest)})`);
    const everySeconds = (fc.FramerateDenominator ?? 1) / (fc.FramerateNumerator ?? 1);
    return { poster: { base, height: out.VideoDescription?.Height ?? 360, everySeconds, max: Math.max(1, fc.MaxCaptures ?? 1), quality: fc.Quality ?? 80 } };
  }
  return {};
}

/**
 * The poster's capture as MediaConvert makes it: the last of the captures the video is long enough
 * for (its number, its time) and its file name, <base>.NNNNNNN.jpg.
 */
export function posterCapture(poster: NonNullable<LocalJobPlan['poster']>, durationSeconds: number | undefined) {
  const fits = durationSeconds ? Math.floor(durationSeconds / poster.everySeconds - 1e-6) + 1 : 1;
  const index = Math.max(0, Math.min(poster.max, fits) - 1);
  return { index, atSeconds: index * poster.everySeconds, file: `${poster.base}.${String(index).padStart(7, '0')}.jpg` };
}

/** ffmpeg's arguments for the poster: one frame at `atSeconds`, scaled to its height, as a JPEG of about MediaConvert's quality (1–100 → ffmpeg's 31–2). */
export function posterArgs(poster: NonNullable<LocalJobPlan['poster']>, src: SourceInfo, capture: { atSeconds: number }, paths: { input: string; output: string }): string[] {
  if (!src.video) throw new Error('no video stream');
  const q = Math.round(31 - ((Math.min(100, Math.max(1, poster.quality)) - 1) / 99) * 29);
  return ['-hide_banner', '-nostdin', '-y', '-ss', String(capture.atSeconds), '-i', paths.input, '-frames:v', '1', '-vf', `scale=${widthFor(src.video, poster.height)}:${poster.height}`, '-q:v', String(q), paths.output];
}

/** A rung's width for the source's shape: even, as H.264 4:2:0 needs. */
export const widthFor = (src: { width: number; height: number }, height: number) => Math.max(2, Math.round((src.width * height) / src.height / 2) * 2);

/** ffmpeg's arguments for the whole job: one decode, one encode per rung (video capped CRF, the rung's audio), each to <outDir>/<rung>/. */
export function ffmpegArgs(plan: LocalJobPlan, src: SourceInfo, paths: { input: string; outDir: string; keyInfoFile?: string }): string[] {
  if (!src.video) throw new Error('no video stream');
  const video = src.video;
  const n = plan.rungs.length;
  const gop = Math.max(1, Math.round(video.fps * plan.gopSeconds));
  const filter = `[0:v]split=${n}${plan.rungs.map((_, i) => `[s${i}]`).join('')};${plan.rungs.map((r, i) => `[s${i}]scale=${widthFor(video, r.height)}:${r.height}[v${i}]`).join(';')}`;
  const args = ['-hide_banner', '-nostdin', '-y', '-nostats', '-progress', 'pipe:1', '-i', paths.input, '-filter_complex', filter];
  plan.rungs.forEach((r, i) => {
    const dir = `${paths.outDir}/${r.name}`;
    args.push('-map', `[v${i}]`);
    if (src.hasAudio) args.push('-map', '0:a:0');
    args.push(
      '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-pix_fmt', 'yuv420p',
      '-g', String(gop), '-keyint_min', String(gop), '-sc_threshold', '0',
      '-crf', String(plan.crf), '-maxrate', `${r.videoKbps}k`, '-bufsize', `${r.videoKbps * 2}k`,
    );
    const audio = audioOf(r);
    if (src.hasAudio) args.push('-c:a', 'aac', '-b:a', `${audio.kbps}k`, '-ac', String(audio.channels), '-ar', String(audio.sampleRate));
    args.push('-f', 'hls', '-hls_time', String(plan.segmentSeconds), '-hls_playlist_type', 'vod', '-hls_segment_filename', `${dir}/seg_%03d.ts`);
    if (paths.keyInfoFile) args.push('-hls_key_info_file', paths.keyInfoFile);
    args.push(`${dir}/index.m3u8`);
  });
  return args;
}

/** The key info file of -hls_key_info_file: the key's URI (into EXT-X-KEY), then the key file's path. */
export const keyInfoFileText = (keyUrl: string, keyFile: string) => `${keyUrl}\n${keyFile}\n`;

/** The master playlist: one variant per rung, lowest first, each with its peak bandwidth, resolution and codecs. */
export function masterPlaylist(plan: LocalJobPlan, src: SourceInfo): string {
  if (!src.video) throw new Error('no video stream');
  const video = src.video;
  const codecs = src.hasAudio ? 'avc1.4d401f,mp4a.40.2' : 'avc1.4d401f';
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of [...plan.rungs].sort((a, b) => a.height - b.height)) {
    // The same figure the asset's rungs carry (functions/media/job.ts bandwidthOf), audio counted even when the source has none.
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${bandwidthOf(r)},RESOLUTION=${widthFor(video, r.height)}x${r.height},CODECS="${codecs}"`, `${r.name}/index.m3u8`);
  }
  return `${lines.join('\n')}\n`;
}

/** Progress from ffmpeg's -progress lines: the encoded time (µs; ffmpeg 4.1 calls it out_time_ms) over the source's duration, 0–99. */
export function progressOf(block: string, durationSeconds: number | undefined): number | undefined {
  const us = [...block.matchAll(/^out_time_(?:ms|us)=(\d+)$/gm)].at(-1)?.[1];
  if (!us || !durationSeconds) return undefined;
  return Math.max(0, Math.min(99, Math.floor((Number(us) / 1e6 / durationSeconds) * 100)));
}
