/**
 * A `<select value>` shows its option on the runtime the browser gets (Preact through its React
 * layer, web/build/preact-runtime.ts) as it does on React's: React selects the option whose value
 * is the select's after every render; Preact sets `select.value` only when it differs from the
 * element's. When the chosen option goes (a new course empties the lecture list) and the one left
 * is the disabled placeholder (`<option value="" disabled>`), the browser selects nothing, the
 * element's value reads '' as the prop's does, and the select would stay blank instead of showing
 * 'Pick a lecture'. So each single select's options are marked `selected` by the value, as
 * preact/compat does itself for a multiple select. Imported once, by the app (app/app.tsx).
 */
import { options, toChildArray, type VNode } from 'preact';

type Props = { value?: unknown; multiple?: boolean; children?: unknown; selected?: boolean };

const previous = options.vnode;
options.vnode = (vnode: VNode) => {
  const props = vnode.props as Props;
  if (vnode.type === 'select' && !props.multiple && props.value !== undefined && props.value !== null) {
    const value = String(props.value);
    for (const child of toChildArray(props.children as never)) {
      if (typeof child !== 'object' || child.type !== 'option') continue;
      const option = child.props as Props;
      if (option.value !== undefined) option.selected = String(option.value) === value;
    }
  }
  previous?.(vnode);
};
