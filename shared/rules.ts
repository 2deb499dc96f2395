/**
 * Every validation problem has one stable rule code, written once here and read by both sides:
 *
 * - the server puts `{ path, field, code, params, message }` in a 400's `errors` (the message is
 *   `englishMessage(rule)`, readable as before);
 * - the web shows the dictionary's text `rule.<code>` with the field's label `field.<name>` and
 *   `params`, in the user's language (web/src/lib/forms.ts passes `issueText` as zod's error map).
 *
 * For that to work, the shared schemas carry no explicit English messages on standard checks
 * (an explicit message outranks the error map): a plain `.min(1)` is `required`, a refinement
 * names its code with `params: { code: 'password.rules' }`, and `englishMessage` words it.
 */

export const RULE_CODES = [
  'required',
  'tooShort',
  'tooLong',
  'tooSmall',
  'tooBig',
  'notNumber',
  'notInteger',
  'email',
  'phone',
  'oneOf',
  'invalid',
  'json',
  'unknownField',
  'tooFew',
  'tooMany',
  'someOf',
  'oneRequired',
  'password.rules',
  'password.match',
  'code.digits',
  'coupon.chars',
  'coupon.expiry',
  'sales.range',
  'image.file',
  'image.type',
  'image.raster',
  'image.size',
  'image.content',
  'upload.type',
  'upload.videoType',
  'upload.partSize',
  'upload.partNumber',
  'upload.partOrder',
  'video.size',
  'lecture.price',
  'lecture.priceAmount',
  'money.piasters',
  'lecture.image',
  'lecture.videos',
  'lecture.viewLimit',
  'quiz.title',
  'quiz.questions',
  'quiz.questionText',
  'quiz.answers',
  'quiz.correctAnswer',
  'quiz.imageKey',
  'quiz.drawCount',
] as const;
export type RuleCode = (typeof RULE_CODES)[number];

export interface Rule {
  code: RuleCode;
  /**
   * The last named segment of the path ('firstName'), '' for the whole body. A refinement may name
   * the item it checks instead, with `params: { field: 'track' }` (a track inside `courseFor`).
   */
  field: string;
  /** Values the text needs: min, max, values (comma-separated) … */
  params: Record<string, string | number>;
}

/** The shape of a zod issue this module reads (raw, as an error map sees it, or finalized). */
export interface IssueLike {
  code: string;
  path?: readonly PropertyKey[];
  input?: unknown;
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
  values?: readonly unknown[];
  keys?: readonly string[];
  params?: Record<string, unknown>;
}

const isRuleCode = (c: unknown): c is RuleCode => typeof c === 'string' && (RULE_CODES as readonly string[]).includes(c);

export function fieldOf(path: readonly PropertyKey[] = []): string {
  for (let i = path.length - 1; i >= 0; i--) if (typeof path[i] === 'string') return path[i] as string;
  return '';
}

const isIndex = (k: PropertyKey | undefined) => typeof k === 'number';

export function ruleOf(issue: IssueLike): Rule {
  const named = issue.code === 'custom' ? issue.params?.field : undefined;
  const field = typeof named === 'string' ? named : fieldOf(issue.path);
  const inItem = isIndex(issue.path?.[issue.path.length - 1]);
  const rule = (code: RuleCode, params: Rule['params'] = {}): Rule => ({ code, field, params });
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return rule('required');
      if (issue.expected === 'int' && typeof issue.input === 'number' && Number.isFinite(issue.input)) return rule('notInteger');
      if (issue.expected === 'number' || issue.expected === 'int') return rule('notNumber');
      return rule('invalid');
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? rule('required') : rule('tooShort', { min });
      if (issue.origin === 'array' || issue.origin === 'set') return min <= 1 ? rule('required') : rule('tooFew', { min });
      return rule('tooSmall', { min });
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return rule('tooLong', { max });
      if (issue.origin === 'array' || issue.origin === 'set') return rule('tooMany', { max });
      return rule('tooBig', { max });
    }
    case 'invalid_format':
      return issue.format === 'email' ? rule('email') : rule('invalid');
    case 'invalid_value':
      if (issue.input === undefined || issue.input === null || issue.input === '') return rule('required');
      // An item of a list (content: ['Videos']) is 'someOf': each must be among the values.
      return rule(inItem ? 'someOf' : 'oneOf', { values: (issue.values ?? []).map(String).join(', ') });
    case 'unrecognized_keys':
      return rule('unknownField', { keys: (issue.keys ?? []).join(', ') });
    case 'custom': {
      const code = issue.params?.code;
      const extra = Object.fromEntries(Object.entries(issue.params ?? {}).filter(([k, v]) => k !== 'code' && k !== 'field' && (typeof v === 'string' || typeof v === 'number'))) as Rule['params'];
      return rule(isRuleCode(code) ? code : 'invalid', extra);
    }
    default:
      return rule('invalid');
  }
}

/** The server's readable English wording of a rule (the web words it from its dictionaries). */
export function englishMessage({ code, field, params }: Rule): string {
  const f = field || 'the request';
  switch (code) {
    case 'required':
      return `${f} is required`;
    case 'tooShort':
      return `${f} is too short (${params.min} characters at least)`;
    case 'tooLong':
      return `${f} is too long (${params.max} characters at most)`;
    case 'tooSmall':
      return `${f} must be at least ${params.min}`;
    case 'tooBig':
      return `${f} must be at most ${params.max}`;
    case 'notNumber':
      return `${f} must be a number`;
    case 'notInteger':
      return `${f} must be a whole number`;
    case 'email':
      return `${f} is not a valid e-mail address`;
    case 'phone':
      return `${f} must be an Egyptian mobile number (01xxxxxxxxx)`;
    case 'oneOf':
      return `${f} must be one of: ${params.values}`;
    case 'someOf':
      return `${f} must be among: ${params.values}`;
    case 'tooFew':
      return `${f} needs at least ${params.min} items`;
    case 'tooMany':
      return `${f}: at most ${params.max} items`;
    case 'oneRequired':
      return `send ${String(params.fields ?? f).split(', ').join(' or ')}`;
    case 'json':
      return `${f} must be JSON`;
    case 'unknownField':
      return `unknown field: ${params.keys}`;
    case 'password.rules':
      return `${f} needs at least ${params.min ?? 8} characters, a number, an uppercase and a lowercase letter`;
    case 'password.match':
      return `${f} must match ${params.other ?? 'password'}`;
    case 'code.digits':
      return `${f} must be ${params.length ?? 6} digits`;
    case 'coupon.chars':
      return `${f} may hold letters, digits, - and _`;
    case 'coupon.expiry':
      return `${f} must be in the future`;
    case 'sales.range':
      return 'the range must run forwards and span a year at most';
    case 'image.file':
      return `${f} must be an uploaded file`;
    case 'image.type':
      return `${f} must be an image`;
    case 'image.raster':
      return `${f} must be a PNG, JPEG, WebP, GIF or AVIF image`;
    case 'image.size':
      return 'maximum size for image is 1MB';
    case 'image.content':
      return `${f} is not a PNG, JPEG, WebP, GIF or AVIF image (its content says otherwise)`;
    case 'upload.type':
      return `${f} must be a video or image type`;
    case 'upload.videoType':
      return `${f} must be a video type`;
    case 'upload.partSize':
      return `${f} must be ${Number(params.min) / 1024 ** 2} MiB to ${Number(params.max) / 1024 ** 3} GiB and cut the file into at most ${params.parts} parts`;
    case 'upload.partNumber':
      return `${f}: part numbers run from 1 to ${params.max} for this file`;
    case 'upload.partOrder':
      return `${f} must list each part once, in ascending partNumber order`;
    case 'video.size':
      return `a video may be at most ${Number(params.max) / 1024 ** 3} GB`;
    case 'lecture.price':
      return `${f} is required unless the lecture is free`;
    case 'lecture.priceAmount':
      return `${f} must be 0 (free) or at least ${params.min} LE, in whole piasters`;
    case 'money.piasters':
      return `${f} must be in whole piasters (2 decimals at most)`;
    case 'lecture.image':
      return 'Please select an image for the lecture';
    case 'lecture.videos':
      return 'at least one video is required';
    case 'lecture.viewLimit':
      return `${f} must be a whole number from 1 to ${params.max}, or empty for no limit`;
    case 'quiz.title':
      return 'Please enter a quiz title';
    case 'quiz.questions':
      return 'Please add at least one question';
    case 'quiz.questionText':
      return 'Please fill in all question fields';
    case 'quiz.answers':
      return 'Please fill in all answer options for mcq questions';
    case 'quiz.correctAnswer':
      return 'The correct answer must be one of the question options';
    case 'quiz.imageKey':
      return `${f} must be questionImages[<index of a new question>] or questionImages[<id of an existing question>]`;
    case 'quiz.drawCount':
      return `${f} must be a whole number from 1 to the number of questions (${params.max})`;
    case 'invalid':
    default:
      return `${f} is not valid`;
  }
}

/** The params a refinement passes to name its rule: `.refine(ok, ruleParams('password.rules', { min: 8 }))`. */
export const ruleParams = (code: RuleCode, extra: Record<string, string | number> = {}) => ({ params: { code, ...extra } });

/** A zod error map for the server: every issue without an explicit message gets its English text. */
export const englishIssueMessage = (issue: IssueLike) => englishMessage(ruleOf(issue));
