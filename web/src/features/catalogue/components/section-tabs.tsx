import type { Section } from '../api/list-sections';
import { sectionName } from '../lib/section-name';
import { useT } from '@/i18n/use-t';

/**
 * The content sections of a term: a side menu on wide screens, a horizontally scrolling tab row
 * on phones (one list, styled by width).
 */
export function SectionTabs({ sections, selected, onSelect, label }: { sections: Section[]; selected: string | undefined; onSelect: (id: string) => void; label: string }) {
  const t = useT();
  return (
    <nav className="section-tabs" aria-label={label}>
      <ul>
        {sections.map((s) => (
          <li key={s.id}>
            <button type="button" className={s.id === selected ? 'is-active' : undefined} aria-pressed={s.id === selected} onClick={() => onSelect(s.id)} dir="auto">
              {sectionName(t, s.content)}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
