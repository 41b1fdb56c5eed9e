// An expression input with help as you type: suggestions of the model's
// property names and the language's functions for the word at the caret, the
// syntax problem found in the browser by the engine's expression package,
// and the server's message with its position marked after a failed save.
import { useSignals } from '@preact/signals-react/runtime';
import { useId, useRef, useState } from 'react';
import { t } from '../../i18n';
import { applySuggestion, suggestionsFor, syntaxProblem } from '../../stores/editors/expression-help';
import { useAppModel } from '../app-model';

export interface ExpressionFieldProps {
  rowKey: string;
  value: string;
  label: string;
  onChange: (value: string) => void;
}

/** The expression with the character at a position wrapped in <mark> (the end marked by a caret sign). */
export function MarkedExpression({ source, position }: { source: string; position: number }) {
  const at = Math.min(Math.max(0, position), source.length);
  return (
    <code className="marked-expression">
      {source.slice(0, at)}
      <mark>{source.slice(at, at + 1) || '\u2038'}</mark>
      {source.slice(at + 1)}
    </code>
  );
}

export function ExpressionField({ rowKey, value, label, onChange }: ExpressionFieldProps) {
  useSignals();
  const { fieldError, expressionNames } = useAppModel().editors;
  const input = useRef<HTMLInputElement>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const listId = useId();
  const messageId = useId();
  const serverError = fieldError.value?.row === rowKey ? fieldError.value : null;
  const local = syntaxProblem(value);
  const suggestions = caret === null ? [] : suggestionsFor(value, caret, expressionNames.value);
  const problem = serverError ?? (local ? { message: local.message, position: local.position } : null);

  const choose = (index: number) => {
    const s = suggestions[index];
    if (!s || caret === null) return;
    const next = applySuggestion(value, caret, s.name, s.kind);
    onChange(next.text);
    setCaret(next.caret);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  return (
    <div className={`expression-field ${problem ? 'invalid' : ''}`}>
      <input
        ref={input}
        className="expression-input"
        value={value}
        aria-label={label}
        aria-invalid={!!problem}
        aria-describedby={problem ? messageId : undefined}
        aria-autocomplete="list"
        aria-controls={suggestions.length ? listId : undefined}
        aria-expanded={suggestions.length > 0}
        role="combobox"
        spellCheck={false}
        onChange={(e) => {
          onChange(e.target.value);
          setCaret(e.target.selectionStart);
          setActive(0);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onBlur={() => setTimeout(() => setCaret(null), 150)}
        onKeyDown={(e) => {
          if (!suggestions.length) return;
          if (e.key === 'ArrowDown') setActive((a) => (a + 1) % suggestions.length);
          else if (e.key === 'ArrowUp') setActive((a) => (a - 1 + suggestions.length) % suggestions.length);
          else if (e.key === 'Enter' || e.key === 'Tab') choose(active);
          else if (e.key === 'Escape') setCaret(null);
          else return;
          e.preventDefault();
          e.stopPropagation();
        }}
      />
      {suggestions.length > 0 && (
        <ul id={listId} role="listbox" className="expression-suggestions" aria-label={t('expressionSuggestions')}>
          {suggestions.map((s, i) => (
            <li
              key={`${s.kind}-${s.name}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(i);
              }}
            >
              <span className="suggestion-name">{s.kind === 'function' ? `${s.name}()` : s.name}</span>
              <span className="suggestion-kind">{s.kind === 'function' ? t('expressionFunction') : (s.title ?? t('expressionProperty'))}</span>
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <div className="field-error expression-error" id={messageId} role={serverError ? 'alert' : undefined}>
          <span>{problem.message}</span>
          {problem.position !== null && <MarkedExpression source={value} position={problem.position} />}
        </div>
      )}
    </div>
  );
}
