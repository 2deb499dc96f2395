/**
 * The HLS transcode's pure parts (issue 16): MediaConvert's CreateJob input from the ladder (clear and
 * AES-128), the local runner's reading of that input and its ffmpeg arguments and master playlist, what
 * ffmpeg says about a source, and what each job event means for the asset.
 */
import { ffmpegArgs, keyInfoFileText, masterPlaylist, parseSourceInfo, planOf, posterArgs, posterCapture, progressOf, sourceProblem, widthFor } from '../../infra/local/transcoder-ffmpeg';
import { s3EventOf } from '../../infra/local/transcoder';
import { keyOfEvent } from '../../functions/media/on-upload';
import { bandwidthOf, createJobInput, ladderFromMetadata, ladderMetadata, ladderOf } from '../../functions/media/job';
import { assetChangeOf, type JobStateEvent } from '../../functions/media/transcode-events';
import { DEFAULT_HLS_LADDER } from '../../shared/video';

const KEY = Uint8Array.from({ length: 16 }, (_, i) => i * 17);
const base = { bucket: 'media-bkt', sourceKey: 'videos/01JABCDEFGHJKMNPQRSTVWXYZ0-lecture.mp4', sourceEtag: 'abc123', assetId: '01JABCDEFGHJKMNPQRSTVWXYZ0', ladder: DEFAULT_HLS_LADDER, role: 'arn:aws:iam::1:role/mc' };

const DEMO_STDERR = `Input #0, matroska,webm, from 'source':
  Metadata:
    encoder         : bioscope make-demo-video
  Duration: 00:00:12.00, start: 0.000000, bitrate: 224 kb/s
    Stream #0:0(eng): Video: vp8, yuv420p(progressive), 640x360, SAR 1:1 DAR 16:9, 30 fps, 30 tbr, 1k tbn, 1k tbc (default)
At least one output file must be specified`;
const MP4_STDERR = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'source':
  Duration: 00:01:04.52, start: 0.000000, bitrate: 2100 kb/s
    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 1920x1080 [SAR 1:1 DAR 16:9], 1980 kb/s, 29.97 fps, 29.97 tbr, 30k tbn, 59.94 tbc (default)
    Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 48000 Hz, stereo, fltp, 125 kb/s (default)
At least one output file must be specified`;
const TEXT_STDERR = `[mov,mp4,m4a,3gp,3g2,mj2 @ 0x1e102b00] moov atom not found
source: Invalid data found when processing input`;
const PNG_STDERR = `Input #0, png_pipe, from 'source':
  Duration: N/A, bitrate: N/A
    Stream #0:0: Video: png, rgba(pc), 640x360, 25 tbr, 25 tbn, 25 tbc
At least one output file must be specified`;
const AUDIO_STDERR = `Input #0, mp3, from 'source':
  Duration: 00:03:00.05, start: 0.025057, bitrate: 128 kb/s
    Stream #0:0: Audio: mp3, 44100 Hz, stereo, fltp, 128 kb/s
At least one output file must be specified`;

describe('the MediaConvert job', () => {
  it('has one HLS group to s3://<bucket>/hls/<assetId>/master and one QVBR output per rung of the default ladder', () => {
    const job = createJobInput(base);
    expect(job.Role).toBe(base.role);
    expect(job.Queue).toBeUndefined();
    expect(job.UserMetadata).toEqual({ assetId: base.assetId, sourceKey: base.sourceKey, sourceEtag: 'abc123', ladder: '180p:180:140:48:1,240p:240:240:48:1,360p:360:420:64:1,480p:480:750:96:2,720p:720:1500:96:2' });
    expect(job.Settings!.Inputs![0]!.FileInput).toBe(`s3://media-bkt/${base.sourceKey}`);
    const [group] = job.Settings!.OutputGroups!;
    const hls = group!.OutputGroupSettings!.HlsGroupSettings!;
    expect(group!.OutputGroupSettings!.Type).toBe('HLS_GROUP_SETTINGS');
    expect(hls.Destination).toBe(`s3://media-bkt/hls/${base.assetId}/master`);
    expect(hls.SegmentLength).toBe(6);
    expect(hls.Encryption).toBeUndefined();
    const outputs = group!.Outputs!;
    expect(outputs.map((o) => o.NameModifier)).toEqual(['_180p', '_240p', '_360p', '_480p', '_720p']);
    expect(outputs.map((o) => o.VideoDescription!.Height)).toEqual([180, 240, 360, 480, 720]);
    for (const o of outputs) {
      const h264 = o.VideoDescription!.CodecSettings!.H264Settings!;
      expect(o.ContainerSettings!.Container).toBe('M3U8');
      expect(h264.RateControlMode).toBe('QVBR');
      expect(h264.QvbrSettings).toEqual({ QvbrQualityLevel: 7 });
      // One keyframe per 6 s segment: a lecture's picture hardly moves, and each keyframe is the costliest frame.
      expect([h264.GopSize, h264.GopSizeUnits]).toEqual([6, 'SECONDS']);
    }
    // Every rung's video cap and audio (AAC-LC; mono on the low rungs at a sample rate MediaConvert's CBR table allows for the bitrate).
    expect(outputs.map((o) => [o.VideoDescription!.CodecSettings!.H264Settings!.MaxBitrate, o.AudioDescriptions![0]!.CodecSettings])).toEqual([
      [140_000, { Codec: 'AAC', AacSettings: { Bitrate: 48000, CodingMode: 'CODING_MODE_1_0', SampleRate: 32000, CodecProfile: 'LC', RateControlMode: 'CBR' } }],
      [240_000, { Codec: 'AAC', AacSettings: { Bitrate: 48000, CodingMode: 'CODING_MODE_1_0', SampleRate: 32000, CodecProfile: 'LC', RateControlMode: 'CBR' } }],
      [420_000, { Codec: 'AAC', AacSettings: { Bitrate: 64000, CodingMode: 'CODING_MODE_1_0', SampleRate: 48000, CodecProfile: 'LC', RateControlMode: 'CBR' } }],
      [750_000, { Codec: 'AAC', AacSettings: { Bitrate: 96000, CodingMode: 'CODING_MODE_2_0', SampleRate: 48000, CodecProfile: 'LC', RateControlMode: 'CBR' } }],
      [1_500_000, { Codec: 'AAC', AacSettings: { Bitrate: 96000, CodingMode: 'CODING_MODE_2_0', SampleRate: 48000, CodecProfile: 'LC', RateControlMode: 'CBR' } }],
    ]);
  });

  it('the default ladder is tuned for lectures: a lowest rung of at most 200 kbit/s in all (about 90 MB an hour), 360p well under 896 kbit/s', () => {
    expect(DEFAULT_HLS_LADDER.map((r) => [r.name, bandwidthOf(r)])).toEqual([
      ['180p', 188_000],
      ['240p', 288_000],
      ['360p', 484_000],
      ['480p', 846_000],
      ['720p', 1_596_000],
    ]);
    expect(bandwidthOf(DEFAULT_HLS_LADDER[0]!)).toBeLessThanOrEqual(200_000);
    // 200 kbit/s for an hour is 90 MB: ten hours on 1 GB.
    expect((bandwidthOf(DEFAULT_HLS_LADDER[0]!) / 8) * 3600).toBeLessThanOrEqual(90e6);
    // A rung that states no audio (an older job's metadata, an operator's ladder) keeps 96 kbit/s stereo.
    expect(bandwidthOf({ name: '360p', height: 360, videoKbps: 800 })).toBe(896_000);
  });

  it('with a key: AES-128 STATIC_KEY, the key as 32 hex digits, the key URL our API route; a queue when set', () => {
    const job = createJobInput({ ...base, aesKey: KEY, queue: 'arn:aws:mediaconvert:eu-central-1:1:queues/q' });
    expect(job.Queue).toBe('arn:aws:mediaconvert:eu-central-1:1:queues/q');
    expect(job.Settings!.OutputGroups![0]!.OutputGroupSettings!.HlsGroupSettings!.Encryption).toEqual({
      EncryptionMethod: 'AES128',
      Type: 'STATIC_KEY',
      StaticKeyProvider: { StaticKeyValue: Buffer.from(KEY).toString('hex'), Url: `/api/AWS/media-keys/${base.assetId}`, KeyFormat: 'identity', KeyFormatVersions: '1' },
    });
  });

  it('reads the ladder from HLS_LADDER (sorted by height), the default when empty, and refuses a malformed one', () => {
    expect(ladderOf('')).toEqual(DEFAULT_HLS_LADDER);
    expect(ladderOf('[{"name":"540p","height":540,"videoKbps":1800},{"name":"270p","height":270,"videoKbps":500}]').map((r) => r.name)).toEqual(['270p', '540p']);
    for (const bad of ['{}', '[]', '[{"name":"a b","height":240,"videoKbps":400}]', '[{"name":"x","height":241,"videoKbps":400}]', '[{"name":"x","height":240,"videoKbps":400},{"name":"x","height":360,"videoKbps":800}]']) {
      expect(() => ladderOf(bad)).toThrow(/HLS_LADDER/);
    }
    expect(ladderFromMetadata(ladderMetadata(DEFAULT_HLS_LADDER))).toEqual(DEFAULT_HLS_LADDER);
  });

  it('HLS_LADDER may give a rung its own audio (kbit/s and channels); a job of the old metadata still reads', () => {
    expect(ladderOf('[{"name":"144p","height":144,"videoKbps":100,"audioKbps":32,"audioChannels":1},{"name":"360p","height":360,"videoKbps":500}]')).toEqual([
      { name: '144p', height: 144, videoKbps: 100, audioKbps: 32, audioChannels: 1 },
      { name: '360p', height: 360, videoKbps: 500 },
    ]);
    for (const bad of ['[{"name":"x","height":240,"videoKbps":400,"audioKbps":20,"audioChannels":1}]', '[{"name":"x","height":240,"videoKbps":400,"audioKbps":48,"audioChannels":2}]', '[{"name":"x","height":240,"videoKbps":400,"audioKbps":48,"audioChannels":6}]']) {
      expect(() => ladderOf(bad)).toThrow(/HLS_LADDER/);
    }
    expect(ladderFromMetadata('240p:240:400,360p:360:800')).toEqual([
      { name: '240p', height: 240, videoKbps: 400 },
      { name: '360p', height: 360, videoKbps: 800 },
    ]);
    const out = createJobInput({ ...base, ladder: ladderOf('[{"name":"360p","height":360,"videoKbps":500}]') }).Settings!.OutputGroups![0]!.Outputs![0]!;
    expect(out.AudioDescriptions![0]!.CodecSettings!.AacSettings).toMatchObject({ Bitrate: 96000, CodingMode: 'CODING_MODE_2_0', SampleRate: 48000 });
  });
});

describe('the poster', () => {
  it('is a frame capture group into the asset folder: 360 lines, the first frame and one 5 s in, at most two', () => {
    const groups = createJobInput(base).Settings!.OutputGroups!;
    expect(groups.map((g) => g.OutputGroupSettings!.Type)).toEqual(['HLS_GROUP_SETTINGS', 'FILE_GROUP_SETTINGS']);
    const poster = groups[1]!;
    expect(poster.OutputGroupSettings!.FileGroupSettings!.Destination).toBe(`s3://media-bkt/hls/${base.assetId}/poster`);
    const [out] = poster.Outputs!;
    expect(out!.ContainerSettings).toEqual({ Container: 'RAW' });
    expect(out!.AudioDescriptions).toBeUndefined();
    expect(out!.VideoDescription!.Height).toBe(360);
    expect(out!.VideoDescription!.CodecSettings).toEqual({ Codec: 'FRAME_CAPTURE', FrameCaptureSettings: { FramerateNumerator: 1, FramerateDenominator: 5, MaxCaptures: 2, Quality: 70 } });
  });

  it('locally: the same capture MediaConvert would name last, one frame by ffmpeg at its time', () => {
    const plan = planOf(createJobInput(base));
    expect(plan.poster).toEqual({ base: 'poster', height: 360, everySeconds: 5, max: 2, quality: 70 });
    // A minute: captures at 0 and 5 s, the last is the second. 12 s: the same. 3 s (or an unknown length): the first frame only.
    expect(posterCapture(plan.poster!, 64.5)).toEqual({ index: 1, atSeconds: 5, file: 'poster.0000001.jpg' });
    expect(posterCapture(plan.poster!, 5)).toEqual({ index: 0, atSeconds: 0, file: 'poster.0000000.jpg' });
    expect(posterCapture(plan.poster!, 3)).toMatchObject({ index: 0, atSeconds: 0 });
    expect(posterCapture(plan.poster!, undefined)).toMatchObject({ index: 0 });
    const args = posterArgs(plan.poster!, parseSourceInfo(MP4_STDERR), { atSeconds: 5 }, { input: '/w/source', output: '/w/out/poster.0000001.jpg' });
    expect(args.join(' ')).toBe('-hide_banner -nostdin -y -ss 5 -i /w/source -frames:v 1 -vf scale=640:360 -q:v 11 /w/out/poster.0000001.jpg');
  });

  it('locally: a job without a frame capture has no poster; one writing outside the HLS folder is refused', () => {
    const job = createJobInput(base);
    expect(planOf({ ...job, Settings: { ...job.Settings, OutputGroups: [job.Settings!.OutputGroups![0]!] } }).poster).toBeUndefined();
    const outside = structuredClone(job);
    outside.Settings!.OutputGroups![1]!.OutputGroupSettings!.FileGroupSettings!.Destination = 's3://media-bkt/images/poster';
    expect(() => planOf(outside)).toThrow(/HLS folder/);
  });
});

describe('the local runner', () => {
  it('reads the CreateJob input back: source, output folder, rungs, segment length, key', () => {
    const plan = planOf(createJobInput({ ...base, aesKey: KEY }));
    expect(plan).toMatchObject({ bucket: 'media-bkt', sourceKey: base.sourceKey, outBucket: 'media-bkt', outPrefix: `hls/${base.assetId}/`, masterName: 'master.m3u8', segmentSeconds: 6, gopSeconds: 6, crf: 23 });
    expect(plan.rungs).toEqual(DEFAULT_HLS_LADDER);
    expect(plan.aes).toEqual({ keyHex: Buffer.from(KEY).toString('hex'), url: `/api/AWS/media-keys/${base.assetId}` });
    expect(plan.userMetadata.assetId).toBe(base.assetId);
    expect(() => planOf({ Role: 'r', Settings: { Inputs: [{ FileInput: 'https://x/y' }] } } as never)).toThrow(/FileInput/);
  });

  it('translates the job to one ffmpeg run: split + scale per rung, x264 veryfast capped CRF (QVBR), one keyframe per segment without scene cuts, per-rung bitrate and audio, HLS vod per rung folder', () => {
    const plan = planOf(createJobInput(base));
    const src = parseSourceInfo(MP4_STDERR);
    const args = ffmpegArgs(plan, src, { input: '/w/source', outDir: '/w/out' });
    const joined = args.join(' ');
    expect(args[args.indexOf('-filter_complex') + 1]).toBe('[0:v]split=5[s0][s1][s2][s3][s4];[s0]scale=320:180[v0];[s1]scale=426:240[v1];[s2]scale=640:360[v2];[s3]scale=854:480[v3];[s4]scale=1280:720[v4]');
    expect(args.filter((a) => a === 'libx264')).toHaveLength(5);
    expect(joined).toContain('-preset veryfast');
    // 29.97 fps × 6 s.
    expect(joined).toContain('-g 180 -keyint_min 180 -sc_threshold 0');
    for (const r of DEFAULT_HLS_LADDER) {
      expect(joined).toContain(`-crf 23 -maxrate ${r.videoKbps}k -bufsize ${r.videoKbps * 2}k`);
      expect(joined).toContain(`-hls_segment_filename /w/out/${r.name}/seg_%03d.ts /w/out/${r.name}/index.m3u8`);
    }
    expect(joined).not.toContain('-b:v');
    expect(args.filter((a) => a === '0:a:0')).toHaveLength(5);
    // The same audio as MediaConvert's outputs, rung by rung.
    expect([...joined.matchAll(/-c:a aac -b:a (\S+) -ac (\d) -ar (\d+) -f hls -hls_time 6 -hls_playlist_type vod/g)].map((m) => m.slice(1).join(' '))).toEqual(['48k 1 32000', '48k 1 32000', '64k 1 48000', '96k 2 48000', '96k 2 48000']);
    expect(joined).not.toContain('-hls_key_info_file');
    expect(joined).not.toContain('var_stream_map');
  });

  it('maps no audio when the source has none (the demo), and adds the key info file for AES', () => {
    const plan = planOf(createJobInput({ ...base, aesKey: KEY }));
    const src = parseSourceInfo(DEMO_STDERR);
    const args = ffmpegArgs(plan, src, { input: 'in', outDir: 'out', keyInfoFile: '/w/k.info' });
    expect(args).not.toContain('0:a:0');
    expect(args).not.toContain('aac');
    expect(args.filter((a) => a === '-hls_key_info_file')).toHaveLength(5);
    expect(keyInfoFileText('/api/AWS/media-keys/A', '/w/aes.key')).toBe('/api/AWS/media-keys/A\n/w/aes.key\n');
  });

  it('reads what ffmpeg says of a source, and names why it cannot be transcoded', () => {
    expect(parseSourceInfo(DEMO_STDERR)).toEqual({ durationSeconds: 12, video: { codec: 'vp8', width: 640, height: 360, fps: 30 }, hasAudio: false, still: false });
    expect(parseSourceInfo(MP4_STDERR)).toMatchObject({ durationSeconds: 64.52, video: { codec: 'h264', width: 1920, height: 1080, fps: 29.97 }, hasAudio: true });
    expect(sourceProblem(parseSourceInfo(DEMO_STDERR))).toBeUndefined();
    expect(sourceProblem(parseSourceInfo(TEXT_STDERR))).toBe('The file is not a video the transcoder can read (ffmpeg: Invalid data found when processing input)');
    expect(sourceProblem(parseSourceInfo(PNG_STDERR))).toBe('The file is a still image (png), not a video');
    expect(sourceProblem(parseSourceInfo(AUDIO_STDERR))).toBe('The file has no video stream');
    expect(widthFor({ width: 1080, height: 1920 }, 360)).toBe(202);
    // A phone's portrait recording: stored 1920x1080 with a rotation ffmpeg applies, so its frames are 1080x1920.
    const portrait = `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'source':
  Duration: 00:00:10.00, start: 0.000000, bitrate: 9000 kb/s
    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(tv, bt709), 1920x1080, 8900 kb/s, 30 fps, 30 tbr, 90k tbn, 180k tbc (default)
    Metadata:
      rotate          : 90
      handler_name    : VideoHandle
    Side data:
      displaymatrix: rotation of -90.00 degrees
    Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 48000 Hz, stereo, fltp, 96 kb/s (default)`;
    expect(parseSourceInfo(portrait).video).toEqual({ codec: 'h264', width: 1080, height: 1920, fps: 30 });
    expect(parseSourceInfo(MP4_STDERR).video).toMatchObject({ width: 1920, height: 1080 });
  });

  it('writes the master playlist itself: one variant per rung with bandwidth, resolution and codecs', () => {
    const plan = planOf(createJobInput(base));
    expect(masterPlaylist(plan, parseSourceInfo(MP4_STDERR)).split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXT-X-STREAM-INF:BANDWIDTH=188000,RESOLUTION=320x180,CODECS="avc1.4d401f,mp4a.40.2"',
      '180p/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=288000,RESOLUTION=426x240,CODECS="avc1.4d401f,mp4a.40.2"',
      '240p/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=484000,RESOLUTION=640x360,CODECS="avc1.4d401f,mp4a.40.2"',
      '360p/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=846000,RESOLUTION=854x480,CODECS="avc1.4d401f,mp4a.40.2"',
      '480p/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=1596000,RESOLUTION=1280x720,CODECS="avc1.4d401f,mp4a.40.2"',
      '720p/index.m3u8',
      '',
    ]);
    expect(masterPlaylist(plan, parseSourceInfo(DEMO_STDERR))).toContain('CODECS="avc1.4d401f"\n');
  });

  it('turns ffmpeg -progress blocks into 0–99 % of the source duration', () => {
    expect(progressOf('frame=10\nout_time_ms=3000000\nprogress=continue\n', 12)).toBe(25);
    expect(progressOf('out_time_ms=1000000\nout_time_ms=6000000\nprogress=continue', 12)).toBe(50);
    expect(progressOf('out_time_ms=13000000\nprogress=end', 12)).toBe(99);
    expect(progressOf('out_time_ms=3000000', undefined)).toBeUndefined();
  });

  it('hands on-upload S3 events as S3 shapes them (key URL-encoded, + for a space), and on-upload reads the key back', () => {
    const e = s3EventOf('b', 'videos/01J-my lecture (1).mp4', '"d41d8"', 12);
    const o = e.Records[0]!.s3.object;
    expect(o.key).toBe('videos/01J-my+lecture+(1).mp4');
    expect(o.eTag).toBe('d41d8');
    expect(keyOfEvent(o.key)).toBe('videos/01J-my lecture (1).mp4');
  });
});

describe('job events → the asset', () => {
  const meta = { assetId: 'A1', sourceKey: 'videos/A1-x.mp4', sourceEtag: 'e1', ladder: ladderMetadata(DEFAULT_HLS_LADDER) };
  const ev = (detail: Record<string, unknown>): JobStateEvent => ({ source: 'aws.mediaconvert', 'detail-type': 'MediaConvert Job State Change', detail: { jobId: 'J1', userMetadata: meta, ...detail } });
  const target = { assetId: 'A1', sourceEtag: 'e1', jobId: 'J1' };

  it('PROGRESSING and STATUS_UPDATE are progress (0–99: 100 is COMPLETE only)', () => {
    expect(assetChangeOf(ev({ status: 'PROGRESSING' }))).toEqual({ ...target, kind: 'progress', progress: 0 });
    expect(assetChangeOf(ev({ status: 'STATUS_UPDATE', jobProgress: { jobPercentComplete: 42.7 } }))).toEqual({ ...target, kind: 'progress', progress: 42 });
    expect(assetChangeOf(ev({ status: 'STATUS_UPDATE', jobProgress: { jobPercentComplete: 100 } }))).toMatchObject({ progress: 99 });
  });

  it('COMPLETE is ready with the rungs named and priced from the job, sized by the transcoder (MediaConvert names and local folders alike)', () => {
    const mc = assetChangeOf(
      ev({
        status: 'COMPLETE',
        outputGroupDetails: [
          {
            type: 'HLS_GROUP',
            playlistFilePaths: ['s3://b/hls/A1/master.m3u8'],
            outputDetails: DEFAULT_HLS_LADDER.map((r) => ({ outputFilePaths: [`s3://b/hls/A1/master_${r.name}.m3u8`], durationInMs: 64520, videoDetails: { widthInPx: Math.round((r.height * 16) / 9 / 2) * 2, heightInPx: r.height } })),
          },
        ],
      }),
    );
    expect(mc).toEqual({
      ...target,
      kind: 'ready',
      durationSeconds: 64.5,
      rungs: [
        { name: '180p', height: 180, videoKbps: 140, width: 320, bandwidth: 188000 },
        { name: '240p', height: 240, videoKbps: 240, width: 426, bandwidth: 288000 },
        { name: '360p', height: 360, videoKbps: 420, width: 640, bandwidth: 484000 },
        { name: '480p', height: 480, videoKbps: 750, width: 854, bandwidth: 846000 },
        { name: '720p', height: 720, videoKbps: 1500, width: 1280, bandwidth: 1596000 },
      ],
    });
    const local = assetChangeOf(ev({ status: 'COMPLETE', outputGroupDetails: [{ outputDetails: [{ outputFilePaths: ['s3://b/hls/A1/360p/index.m3u8'], durationInMs: 12000, videoDetails: { widthInPx: 640, heightInPx: 360 } }] }] }));
    expect(local).toMatchObject({ kind: 'ready', durationSeconds: 12, rungs: [{ name: '360p', height: 360, width: 640, videoKbps: 420, bandwidth: 484000 }] });
    expect(assetChangeOf(ev({ status: 'COMPLETE', outputGroupDetails: [] }))).toMatchObject({ kind: 'failed' });
  });

  it("COMPLETE names the poster by its file in the asset's folder; it is no rung, and one elsewhere is not taken", () => {
    const hls = { type: 'HLS_GROUP', outputDetails: [{ outputFilePaths: ['s3://b/hls/A1/master_240p.m3u8'], durationInMs: 64520, videoDetails: { widthInPx: 426, heightInPx: 240 } }] };
    const frames = (path: string) => ({ type: 'FILE_GROUP', outputDetails: [{ outputFilePaths: [path], durationInMs: 64520, videoDetails: { widthInPx: 640, heightInPx: 360 } }] });
    const ready = assetChangeOf(ev({ status: 'COMPLETE', outputGroupDetails: [hls, frames('s3://b/hls/A1/poster.0000001.jpg')] }));
    expect(ready).toMatchObject({ kind: 'ready', poster: 'poster.0000001.jpg', rungs: [{ name: '240p' }] });
    expect((ready as { rungs: unknown[] }).rungs).toHaveLength(1);
    for (const elsewhere of ['s3://b/hls/A2/poster.0000001.jpg', 's3://b/images/poster.0000001.jpg', 's3://b/hls/A1/x/poster.0000001.jpg']) {
      const change = assetChangeOf(ev({ status: 'COMPLETE', outputGroupDetails: [hls, frames(elsewhere)] }));
      expect(change).toMatchObject({ kind: 'ready' });
      expect(change).not.toHaveProperty('poster');
    }
    // Only a poster: no rung, so not ready.
    expect(assetChangeOf(ev({ status: 'COMPLETE', outputGroupDetails: [frames('s3://b/hls/A1/poster.0000001.jpg')] }))).toMatchObject({ kind: 'failed' });
  });

  it("ERROR is failed with the transcoder's message; events of no asset of ours, or statuses we do not act on, change nothing", () => {
    expect(assetChangeOf(ev({ status: 'ERROR', errorCode: 1030, errorMessage: 'Unsupported codec' }))).toEqual({ ...target, kind: 'failed', failure: 'Unsupported codec' });
    expect(assetChangeOf(ev({ status: 'ERROR', errorCode: 1030 }))).toMatchObject({ failure: 'The transcode failed (error 1030)' });
    expect(assetChangeOf(ev({ status: 'INPUT_INFORMATION' }))).toBeUndefined();
    expect(assetChangeOf({ detail: { status: 'COMPLETE', userMetadata: {} } })).toBeUndefined();
    expect(assetChangeOf({})).toBeUndefined();
  });
});
