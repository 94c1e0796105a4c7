import { useRef, type CSSProperties } from 'react';

interface Props {
  id?: string;
  value: string;
  onChange: (v: string) => void;
  label: string;
  rows?: number;
}

const font: CSSProperties = {
  fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  fontSize: 13,
  lineHeight: '20px',
  margin: 0,
  padding: '8px 10px',
};

/**
 * A monospace script editor with line numbers; the gutter scrolls with the text. Tab keeps moving
 * the focus (keyboard users must be able to leave the editor).
 */
export const ScriptEditor = ({ id, value, onChange, label, rows = 18 }: Props) => {
  const gutter = useRef<HTMLDivElement>(null);
  const lines = value.split('\n').length;
  return (
    <div style={{ display: 'flex', border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'hidden', background: '#fff' }}>
      <div
        ref={gutter}
        aria-hidden
        style={{
          ...font,
          color: '#9ca3af',
          background: '#f8fafc',
          borderRight: '1px solid #e5e7eb',
          textAlign: 'right',
          userSelect: 'none',
          overflow: 'hidden',
          height: rows * 20 + 16,
          minWidth: 44,
          boxSizing: 'border-box',
        }}
      >
        {Array.from({ length: lines }, (_, i) => (
          <div key={i}>{i + 1}</div>
        ))}
      </div>
      <textarea
        id={id}
        aria-label={label}
        value={value}
        rows={rows}
        wrap="off"
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        onChange={(e) => onChange(e.target.value)}
        onScroll={(e) => {
          if (gutter.current) gutter.current.scrollTop = e.currentTarget.scrollTop;
        }}
        style={{ ...font, flex: 1, border: 'none', resize: 'none', height: rows * 20 + 16, whiteSpace: 'pre', overflow: 'auto' }}
      />
    </div>
  );
};
