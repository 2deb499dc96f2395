/**
 * The Transcoder port: starts a CreateJob input somewhere and answers the job's id.
 * - TRANSCODER=mediaconvert: AWS Elemental MediaConvert (regional endpoint; DescribeEndpoints is not needed);
 * - TRANSCODER=local: a POST of the same input to LOCAL_TRANSCODER_URL, the local platform's ffmpeg runner,
 *   which answers as CreateJob does ({ Job: { Id } }) and reports through the same events.
 */
import { type CreateJobCommandInput, CreateJobCommand, MediaConvertClient } from '@aws-sdk/client-mediaconvert';
import { env } from '../lib/env';
import { sdkOptions } from '../lib/sdk-options';

export interface Transcoder {
  start(input: CreateJobCommandInput): Promise<string>;
}

let client: MediaConvertClient | undefined;
const mediaConvert: Transcoder = {
  async start(input) {
    client ??= new MediaConvertClient(sdkOptions);
    const r = await client.send(new CreateJobCommand(input));
    if (!r.Job?.Id) throw new Error('MediaConvert answered CreateJob without a job id');
    return r.Job.Id;
  },
};

const local: Transcoder = {
  async start(input) {
    if (!env.LOCAL_TRANSCODER_URL) throw new Error('LOCAL_TRANSCODER_URL is not set: no local transcoder to send the job to');
    const res = await fetch(env.LOCAL_TRANSCODER_URL, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) });
    const body = (await res.json().catch(() => ({}))) as { Job?: { Id?: string }; message?: string };
    if (!res.ok || !body.Job?.Id) throw new Error(`The local transcoder refused the job (${res.status}): ${body.message ?? 'no reason given'}`);
    return body.Job.Id;
  },
};

export const transcoder = (): Transcoder => (env.TRANSCODER === 'mediaconvert' ? mediaConvert : local);
