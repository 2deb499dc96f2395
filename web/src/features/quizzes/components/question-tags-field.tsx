import { useId, useState } from 'react';
import { QUESTION_TAG_MAX_LENGTH, QUESTION_TAGS_MAX } from '@shared/constants';
import { useT } from '@/i18n/use-t';
import '@/i18n/quiz-area';

/**
 * A question's tags as chips, and a text box (a combobox over the quiz's and the bank's tags) that
 * adds one on Enter, a comma or leaving it. Trimmed, each once, at most QUESTION_TAGS_MAX; the
 * server checks the same (questionTags).
 */
export function QuestionTagsField({ tags, suggestions, onChange }: { tags: string[]; suggestions: readonly string[]; onChange: (tags: string[]) => void }) {
  const t = useT();
  const listId = useId();
  const inputId = useId();
  const [text, setText] = useState('');
  const full = tags.length >= QUESTION_TAGS_MAX;
  const add = (raw: string) => {
    const tag = raw.replace(/[,،]/g, ' ').trim();
    setText('');
    if (tag && !tags.includes(tag) && !full) onChange([...tags, tag]);
  };
  return (
    <div className="field question-tags">
      <label htmlFor={inputId}>{t('quizAdmin.tags')}</label>
      {tags.length > 0 && (
        <ul className="tag-chips" aria-label={t('quizAdmin.tags')}>
          {tags.map((tag) => (
            <li key={tag} className="tag-chip">
              <span dir="auto">{tag}</span>
              <button type="button" className="tag-chip-remove" onClick={() => onChange(tags.filter((x) => x !== tag))} aria-label={t('quizAdmin.removeTag', { tag })}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        id={inputId}
        className="amplify-input"
        role="combobox"
        aria-expanded={false}
        aria-autocomplete="list"
        list={listId}
        dir="auto"
        value={text}
        maxLength={QUESTION_TAG_MAX_LENGTH}
        disabled={full}
        placeholder={t(full ? 'quizAdmin.tagsFull' : 'quizAdmin.tagPlaceholder', { max: QUESTION_TAGS_MAX })}
        onChange={(e) => (/[,،]/.test(e.target.value) ? add(e.target.value) : setText(e.target.value))}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            add(text);
          } else if (e.key === 'Backspace' && !text && tags.length) onChange(tags.slice(0, -1));
        }}
        onBlur={() => add(text)}
      />
      <datalist id={listId}>
        {suggestions
          .filter((s) => !tags.includes(s))
          .map((s) => (
            <option key={s} value={s} />
          ))}
      </datalist>
    </div>
  );
}
