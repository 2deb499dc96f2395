import { useDeferredValue, useState } from 'react';
import { SelectField, TextField } from '@/components/fields';
import { Modal } from '@/components/modal';
import { useT } from '@/i18n/use-t';
import { type BankQuestion, useListQuestionBankQuery } from '../api/list-question-bank';
import { mediaSrc } from '../lib/admin-quiz-form';
import '@/i18n/quiz-area';

/** One page of the bank (the server reads a page of quizzes), and the button for the next. */
function BankPage({ tag, q, cursor, excludeQuizId, selected, onToggle, onMore, last }: {
  tag: string;
  q: string;
  cursor?: string;
  excludeQuizId?: string;
  selected: ReadonlyMap<string, BankQuestion>;
  onToggle: (b: BankQuestion) => void;
  onMore: (cursor: string) => void;
  last: boolean;
}) {
  const t = useT();
  const page = useListQuestionBankQuery({ tag, q, cursor });
  if (page.isLoading || page.isFetching) return <p className="muted" role="status">{t('quizAdmin.bankLoading')}</p>;
  if (page.isError) return <p className="field-error" role="alert">{t('quizAdmin.bankFailed')}</p>;
  const questions = (page.data?.data ?? []).filter((b) => b.quizId !== excludeQuizId);
  return (
    <>
      {questions.map((b) => (
        <li key={b.questionId} className="bank-question">
          <label className="check">
            <input type="checkbox" checked={selected.has(b.questionId)} onChange={() => onToggle(b)} />
            <span className="bank-question-body">
              <span className="bank-question-text" dir="auto">
                {b.text}
              </span>
              <span className="muted bank-question-from" dir="auto">
                {t('quizAdmin.bankFrom', { title: `\u2068${b.quizTitle}\u2069` })}
              </span>
              {b.tags.length > 0 && (
                <span className="tag-chips">
                  {b.tags.map((tag) => (
                    <span key={tag} className="tag-chip" dir="auto">
                      {tag}
                    </span>
                  ))}
                </span>
              )}
            </span>
            {b.imageUrl && <img className="bank-question-image" src={mediaSrc(b.imageUrl)} alt="" width={64} height={48} loading="lazy" />}
          </label>
        </li>
      ))}
      {last && !cursor && questions.length === 0 && !page.data?.next && <li className="muted">{t('quizAdmin.bankEmpty')}</li>}
      {last && page.data?.next && (
        <li>
          <button type="button" className="button button-ghost" onClick={() => onMore(page.data!.next!)}>
            {t('quizAdmin.bankMore')}
          </button>
        </li>
      )}
    </>
  );
}

/**
 * The question bank (issue 42): every question of the other quizzes with its tags and image,
 * filtered by tag and text; the teacher ticks several and copies them into the quiz being edited.
 */
export function QuestionBankDialog({ excludeQuizId, onCopy, onClose }: { excludeQuizId?: string; onCopy: (questions: BankQuestion[]) => void; onClose: () => void }) {
  const t = useT();
  const [tag, setTag] = useState('');
  const [text, setText] = useState('');
  const q = useDeferredValue(text.trim());
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [selected, setSelected] = useState<Map<string, BankQuestion>>(new Map());
  const tags = useListQuestionBankQuery({}).data?.tags ?? [];
  const filter = (next: () => void) => {
    next();
    setCursors([undefined]);
  };
  const toggle = (b: BankQuestion) =>
    setSelected((s) => {
      const next = new Map(s);
      if (next.has(b.questionId)) next.delete(b.questionId);
      else next.set(b.questionId, b);
      return next;
    });
  return (
    <Modal title={t('quizAdmin.bankTitle')} onClose={onClose} closeLabel={t('quiz.close')}>
      <div className="bank-filters">
        <TextField label={t('quizAdmin.bankSearch')} dir="auto" value={text} onChange={(e) => filter(() => setText(e.target.value))} />
        <SelectField label={t('quizAdmin.bankTag')} value={tag} onChange={(e) => filter(() => setTag(e.target.value))}>
          <option value="">{t('quizAdmin.bankAllTags')}</option>
          {tags.map((x) => (
            <option key={x} value={x}>
              {x}
            </option>
          ))}
        </SelectField>
      </div>
      <ul className="bank-list" aria-label={t('quizAdmin.bankTitle')}>
        {cursors.map((cursor, i) => (
          <BankPage key={cursor ?? 'first'} tag={tag} q={q} cursor={cursor} excludeQuizId={excludeQuizId} selected={selected} onToggle={toggle} onMore={(c) => setCursors((cs) => [...cs, c])} last={i === cursors.length - 1} />
        ))}
      </ul>
      <div className="card-actions">
        <button type="button" className="button button-ghost" onClick={onClose}>
          {t('quiz.cancel')}
        </button>
        <button type="button" className="button button-primary" disabled={selected.size === 0} onClick={() => onCopy([...selected.values()])}>
          {t('quizAdmin.bankCopy', { count: selected.size })}
        </button>
      </div>
    </Modal>
  );
}
