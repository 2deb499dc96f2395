/** The quizzes' pure rules: answers checked and scored, shuffling, bands, the video gate, the analytics. */
import { performanceBand } from '../../shared/constants';
import { keys } from '../../functions/data/keys';
import type { QuestionRecord } from '../../functions/data/quiz-repo';
import type { ResultRecord } from '../../functions/data/result-repo';
import { questionAnalytics, resultRows, summaryOf } from '../../functions/quizzes/analytics';
import { gatePlan, lockedVideos } from '../../functions/quizzes/public';
import { attemptOrder, checkAnswers, scoreAnswers, shuffled } from '../../functions/quizzes/scoring';
import { toQuestionView } from '../../functions/quizzes/views';

const question = (id: string, order: number, texts: string[], correct: number, type: QuestionRecord['type'] = 'MULTIPLE_CHOICE'): QuestionRecord => ({
  id,
  quizId: 'quiz',
  order,
  text: `Question ${id}`,
  type,
  options: texts.map((text, i) => ({ id: `${id}o${i}`, text })),
  correctOptionId: `${id}o${correct}`,
});
const questions = [question('q1', 1, ['a', 'b', 'c', 'd'], 1), question('q2', 2, ['True', 'False'], 0, 'TRUE_FALSE'), question('q3', 3, ['x', 'y'], 1), question('q4', 4, ['m', 'n'], 0)];

describe('checkAnswers', () => {
  it('takes answers to this quiz’s questions, one each, among the options', () => {
    expect([...checkAnswers(questions, [{ questionId: 'q1', answerText: ' b ' }, { questionId: 'q2', answerText: 'False' }])]).toEqual([['q1', 'b'], ['q2', 'False']]);
  });
  it.each([
    ['an unknown question (or another quiz’s)', [{ questionId: 'other', answerText: 'a' }]],
    ['an option that does not exist', [{ questionId: 'q1', answerText: 'e' }]],
    ['a question answered twice', [{ questionId: 'q1', answerText: 'a' }, { questionId: 'q1', answerText: 'b' }]],
  ])('refuses %s with 400 quiz.answer', (_, answers) => {
    expect(() => checkAnswers(questions, answers)).toThrow(expect.objectContaining({ status: 400, code: 'quiz.answer' }));
  });
});

describe('scoreAnswers', () => {
  it('marks every question, unanswered as wrong, in the quiz’s order', () => {
    const s = scoreAnswers(questions, new Map([['q3', 'y'], ['q1', 'b']]));
    expect(s).toMatchObject({ score: 50, correct: 2, total: 4, passed: true });
    expect(s.marks).toEqual([
      { questionId: 'q1', answerText: 'b', correct: true },
      { questionId: 'q2', answerText: null, correct: false },
      { questionId: 'q3', answerText: 'y', correct: true },
      { questionId: 'q4', answerText: null, correct: false },
    ]);
  });
  it('passes at 50 % exactly, not at a score that only rounds to 50', () => {
    const many = Array.from({ length: 200 }, (_, i) => question(`q${i}`, i, ['r', 'w'], 0));
    const answers = Object.fromEntries(many.map((q, i) => [q.id, i < 99 ? 'r' : 'w']));
    expect(scoreAnswers(many, answers)).toMatchObject({ score: 50, passed: false });
    expect(scoreAnswers(many, { ...answers, q150: 'r' })).toMatchObject({ score: 50, passed: true });
    expect(scoreAnswers([], {})).toMatchObject({ score: 0, passed: false });
  });
});

describe('shuffling', () => {
  it('is a permutation, the same for the same seed, another for another attempt', () => {
    const list = Array.from({ length: 30 }, (_, i) => i);
    const a = shuffled(list, 'u:q:1');
    expect([...a].sort((x, y) => x - y)).toEqual(list);
    expect(shuffled(list, 'u:q:1')).toEqual(a);
    expect(shuffled(list, 'u:q:2')).not.toEqual(a);
  });
  it('scores against the right question whatever order an attempt showed', () => {
    const shown = attemptOrder(questions, 'student:quiz:1');
    // Answer by what was shown: each question's option that is right, found by id not by position.
    const answers = shown.map((q) => ({ questionId: q.id, answerText: q.options.find((o) => o.id === q.correctOptionId)!.text }));
    expect(scoreAnswers(questions, checkAnswers(questions, answers))).toMatchObject({ score: 100, passed: true });
    expect(shown.find((q) => q.id === 'q2')!.options.map((o) => o.text)).toEqual(['True', 'False']);
  });
});

describe('what a student sees', () => {
  it('never carries which option is right', () => {
    const view = toQuestionView(questions[0]!);
    expect(JSON.stringify(view)).not.toMatch(/correct/i);
    expect(Object.keys(view).sort()).toEqual(['id', 'imageUrl', 'options', 'text', 'type']);
  });
});

describe('performance bands (spec 9)', () => {
  it.each([[100, 'Excellent'], [80, 'Excellent'], [79, 'Good'], [70, 'Good'], [60, 'Average'], [59, 'Needs Improvement'], [0, 'Needs Improvement']])('%i %% is %s', (score, band) => {
    expect(performanceBand(score)).toBe(band);
  });
});

describe('the video gate (spec 4)', () => {
  const videos = [
    { id: 'v1', quizId: 'qa', order: 1 },
    { id: 'v2', quizId: null, order: 2 },
    { id: 'v3', quizId: 'qb', order: 3 },
    { id: 'v4', quizId: null, order: 4 },
  ];
  const all = new Set(['qa', 'qb']);
  it('locks every video after the first earlier quiz not passed, naming it', () => {
    const locks = lockedVideos(videos, new Set(), all);
    expect([...locks.keys()]).toEqual(['v2', 'v3', 'v4']);
    expect(locks.get('v4')).toEqual({ reason: 'quiz', videoNumber: 1, quizId: 'qa' });
  });
  it('opens up to the next quiz not passed', () => {
    const locks = lockedVideos(videos, new Set(['qa']), all);
    expect([...locks.keys()]).toEqual(['v4']);
    expect(locks.get('v4')).toMatchObject({ videoNumber: 3, quizId: 'qb' });
    expect(lockedVideos(videos, all, all).size).toBe(0);
  });
  it('goes by order, not by position in the list, and ignores deleted quizzes', () => {
    expect([...lockedVideos([...videos].reverse(), new Set(), all).keys()].sort()).toEqual(['v2', 'v3', 'v4']);
    expect([...lockedVideos(videos, new Set(), new Set(['qb'])).keys()]).toEqual(['v4']);
  });
  it('as a plan for one BatchGet: the result of each gating quiz, and the same locks from what was read and which quizzes exist', () => {
    const plan = gatePlan({ userId: 'u1', isAdmin: false }, videos);
    expect(plan.keys).toEqual([keys.result('u1', 'qa'), keys.result('u1', 'qb')]);
    // qa passed and both quizzes exist: only the video after qb is locked.
    expect([...plan.locks([{ passed: true }, undefined], all).keys()]).toEqual(['v4']);
    // qa deleted gates nothing; qb not passed locks v4.
    expect([...plan.locks([undefined, { passed: false }], new Set(['qb'])).keys()]).toEqual(['v4']);
    expect([...plan.locks([undefined, undefined], all).keys()]).toEqual(['v2', 'v3', 'v4']);
    // A result read but not passed, or the item of another record, opens nothing.
    expect([...plan.locks([{ passed: false }, { passed: true }], all).keys()]).toEqual(['v2', 'v3', 'v4']);
  });
  it('as a plan reads nothing for an admin; when only the last video has a quiz, its result only (whether it is passed), and locks nothing', async () => {
    expect(gatePlan({ userId: 'a', isAdmin: true }, videos).keys).toEqual([]);
    expect(gatePlan({ userId: 'a', isAdmin: true }, videos).locks([], all).size).toBe(0);
    expect(await gatePlan({ userId: 'a', isAdmin: true }, videos).existing()).toEqual(new Set());
    const onlyLast = gatePlan({ userId: 'u', isAdmin: false }, [{ id: 'v1', quizId: null, order: 1 }, { id: 'v2', quizId: 'qz', order: 2 }]);
    expect(onlyLast.keys).toEqual([keys.result('u', 'qz')]);
    expect(await onlyLast.existing()).toEqual(new Set());
    expect(onlyLast.locks([undefined], new Set(['qz'])).size).toBe(0);
    expect(onlyLast.passed([{ passed: true }])).toEqual(new Set(['qz']));
    expect(onlyLast.passed([undefined])).toEqual(new Set());
  });
  it("as a plan says which of the videos' quizzes are passed, the gating ones and the last video's", () => {
    const plan = gatePlan({ userId: 'u1', isAdmin: false }, [...videos.slice(0, 3), { id: 'v4', quizId: 'qc', order: 4 }]);
    expect(plan.keys).toEqual([keys.result('u1', 'qa'), keys.result('u1', 'qb'), keys.result('u1', 'qc')]);
    expect(plan.passed([{ passed: true }, { passed: false }, { passed: true }])).toEqual(new Set(['qa', 'qc']));
    expect([...plan.locks([{ passed: true }, { passed: false }, { passed: true }], all).keys()]).toEqual(['v4']);
  });
});

describe('results and analytics', () => {
  const result = (userId: string, bestScore: number, answers: Record<string, string | null>): ResultRecord => ({
    userId,
    quizId: 'quiz',
    studentName: `Student ${userId}`,
    attempts: 1,
    bestScore,
    best: Object.entries(answers).map(([questionId, answerText]) => ({ questionId, answerText, correct: questionId === 'q1' ? answerText === 'b' : answerText === 'y' })),
    passed: bestScore >= 50,
    lastScore: bestScore,
    open: null,
    version: 1,
    updatedAt: '',
  });
  const two = [question('q1', 1, ['a', 'b', 'c', 'd'], 1), question('q3', 2, ['x', 'y'], 1)];
  const results = [
    result('1', 100, { q1: 'b', q3: 'y' }),
    result('2', 100, { q1: 'b', q3: 'y' }),
    result('3', 50, { q1: 'b', q3: 'x' }),
    result('4', 50, { q1: 'c', q3: 'y' }),
    result('5', 0, { q1: 'c', q3: 'x' }),
    result('6', 0, { q1: 'a', q3: null }),
    { ...result('7', 0, {}), attempts: 0, bestScore: null },
  ];
  it('rows of best attempts with percent and band, best first; cards rounded, 0 with none', () => {
    const rows = resultRows(results);
    expect(rows).toHaveLength(6);
    expect(rows[0]).toEqual({ userId: '1', studentName: 'Student 1', studentDeleted: false, score: '100%', scorePercent: 100, performance: 'Excellent', attempts: 1, firstScore: 100, bestScore: 100, passed: true, watchedBefore: null });
    expect(rows.at(-1)).toMatchObject({ score: '0%', performance: 'Needs Improvement' });
    expect(summaryOf(rows.map((r) => r.scorePercent))).toEqual({ totalStudents: 6, averageScore: 50, highestScore: 100, lowestScore: 0 });
    expect(summaryOf([])).toEqual({ totalStudents: 0, averageScore: 0, highestScore: 0, lowestScore: 0 });
    expect(summaryOf([33, 34])).toMatchObject({ averageScore: 34 });
  });
  it('facility, discrimination between the top and bottom 27 %, and the wrong answer chosen most', () => {
    const [q1, q3] = questionAnalytics(two, results);
    // 6 students: groups of round(1.62) = 2 — top {1, 2}, bottom {5, 6}.
    expect(q1).toEqual({ questionId: 'q1', text: 'Question q1', type: 'MULTIPLE_CHOICE', answered: 6, facility: 0.5, discrimination: 1, mostChosenWrong: { answerText: 'c', count: 2 } });
    expect(q3).toMatchObject({ answered: 6, facility: 0.5, discrimination: 1, mostChosenWrong: { answerText: 'x', count: 2 } });
    expect(questionAnalytics(two, [results[0]!])[0]).toMatchObject({ facility: 1, discrimination: null, mostChosenWrong: null });
    expect(questionAnalytics(two, [])[0]).toMatchObject({ answered: 0, facility: null, discrimination: null });
  });
  it('counts every attempt kept in the quiz index (a student without any there counts their best), and says each first score', () => {
    const attempt = (userId: string, number: number, score: number, q1: string) => ({ userId, quizId: 'qz', number, startedAt: null, finishedAt: '', score, passed: score >= 50, closedAtDeadline: false, marks: [{ questionId: 'q1', answerText: q1, correct: q1 === 'b' }] });
    const twice = [attempt('1', 1, 0, 'c'), attempt('1', 2, 100, 'b'), attempt('2', 1, 0, 'd'), attempt('2', 2, 0, 'd'), attempt('2', 3, 100, 'b')];
    const [q1] = questionAnalytics(two, results.slice(0, 3), twice);
    // Student 1's two attempts, student 2's three, student 3's best: b b b, c, d d.
    expect(q1).toMatchObject({ answered: 6, facility: 0.5, mostChosenWrong: { answerText: 'd', count: 2 } });
    const rows = resultRows([{ ...results[0]!, attempts: 2 }, { ...results[1]!, attempts: 3 }, { ...results[2]!, attempts: 2 }], twice);
    expect(rows.map((r) => [r.userId, r.attempts, r.firstScore, r.bestScore])).toEqual([
      ['1', 2, 0, 100],
      ['2', 3, 0, 100],
      ['3', 2, null, 50],
    ]);
  });
});
