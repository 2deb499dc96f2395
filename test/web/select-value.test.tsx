/**
 * A `<select value>` shows the option of its value after every render (React selects it): when the
 * chosen option goes and only the disabled placeholder is left, the placeholder shows rather than a
 * blank select.
 */
import { render } from '@testing-library/react';

function Picker({ value, items }: { value: string | number; items: (string | number)[] }) {
  return (
    <select aria-label="Lecture" value={value} onChange={() => undefined}>
      <option value="" disabled>
        Pick a lecture
      </option>
      {items.map((i) => (
        <option key={i} value={i}>
          {`lecture ${i}`}
        </option>
      ))}
    </select>
  );
}

describe('a select shows the option of its value', () => {
  it('the placeholder once the chosen option is gone', () => {
    const { getByRole, rerender } = render(<Picker value="l2" items={['l1', 'l2']} />);
    const select = getByRole('combobox', { name: 'Lecture' }) as HTMLSelectElement;
    expect(select.selectedOptions[0]?.textContent).toBe('lecture l2');
    rerender(<Picker value="" items={[]} />);
    expect(select.selectedIndex).toBe(0);
    expect(select.selectedOptions[0]?.textContent).toBe('Pick a lecture');
  });

  it('the option of a value that is a number, and the new one when the value changes', () => {
    const { getByRole, rerender } = render(<Picker value={1.5} items={[1, 1.5, 2]} />);
    const select = getByRole('combobox', { name: 'Lecture' }) as HTMLSelectElement;
    expect(select.value).toBe('1.5');
    rerender(<Picker value={2} items={[1, 1.5, 2]} />);
    expect(select.selectedOptions[0]?.textContent).toBe('lecture 2');
  });
});
