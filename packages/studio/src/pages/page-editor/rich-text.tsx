// Rich text with TipTap (ProseMirror): paragraphs, headings 2 and 3, bold, italic, lists, quotes and
// links, the elements the server keeps when it sanitises (http/rich-text.ts). The editor's own undo
// is off: the page's undo covers every change, text included, in one history.
import { isValidLink, linksMessage } from '@tessera/core/layout';
import Link from '@tiptap/extension-link';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef, useState } from 'react';

export interface RichTextProps {
  readonly label: string;
  readonly html: string;
  onChange(html: string): void;
  readonly error?: string;
}

export function RichText({ label, html, onChange, error }: RichTextProps) {
  const id = useId();
  const change = useRef(onChange);
  change.current = onChange;
  const emitted = useRef<string[]>([]);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        undoRedo: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: false,
        trailingNode: false,
      }),
      Link.configure({ openOnClick: false, autolink: false, validate: isValidLink }),
    ],
    content: html,
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': `${id}-label`, class: 'rich-text-area' },
    },
    onUpdate: ({ editor: e }) => {
      const next = e.isEmpty ? '' : e.getHTML();
      emitted.current = [...emitted.current.slice(-50), next];
      change.current(next);
    },
  });
  // An undo or a restore changes the text from outside: the editor shows it without calling back.
  // Its own changes come back as props a render or more later, when the owner may have typed on:
  // those echoes are not set again (that would drop the keys typed in between).
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const echo = emitted.current.lastIndexOf(html);
    if (echo >= 0) {
      emitted.current = emitted.current.slice(echo + 1);
      return;
    }
    emitted.current = [];
    if ((editor.isEmpty ? '' : editor.getHTML()) !== html) editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html]);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            paragraph: e.isActive('paragraph'),
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            bullets: e.isActive('bulletList'),
            numbers: e.isActive('orderedList'),
            quote: e.isActive('blockquote'),
            link: e.isActive('link'),
            href: (e.getAttributes('link').href as string | undefined) ?? '',
          }
        : null,
  });
  const [linking, setLinking] = useState<string | null>(null);
  const [linkError, setLinkError] = useState('');
  if (!editor) return null;
  const run = () => editor.chain().focus();
  const tools: [string, boolean | undefined, () => void][] = [
    ['Paragraph', state?.paragraph, () => run().setParagraph().run()],
    ['Heading 2', state?.h2, () => run().toggleHeading({ level: 2 }).run()],
    ['Heading 3', state?.h3, () => run().toggleHeading({ level: 3 }).run()],
    ['Bold', state?.bold, () => run().toggleBold().run()],
    ['Italic', state?.italic, () => run().toggleItalic().run()],
    ['Bulleted list', state?.bullets, () => run().toggleBulletList().run()],
    ['Numbered list', state?.numbers, () => run().toggleOrderedList().run()],
    ['Quote', state?.quote, () => run().toggleBlockquote().run()],
  ];
  const applyLink = () => {
    const href = (linking ?? '').trim();
    if (href === '') {
      run().extendMarkRange('link').unsetLink().run();
    } else if (!isValidLink(href)) {
      setLinkError(linksMessage());
      return;
    } else {
      run().extendMarkRange('link').setLink({ href }).run();
    }
    setLinking(null);
    setLinkError('');
  };
  return (
    <div className="field rich-text">
      <span className="rich-text-label" id={`${id}-label`}>
        {label}
      </span>
      <div className="rich-text-tools" role="toolbar" aria-label={`${label}: formatting`}>
        {tools.map(([name, on, act]) => (
          <button key={name} type="button" className="button-secondary" aria-pressed={on ? 'true' : 'false'} onClick={act}>
            {name}
          </button>
        ))}
        <button type="button" className="button-secondary" aria-pressed={state?.link ? 'true' : 'false'} onClick={() => setLinking(state?.href ?? '')}>
          Link
        </button>
      </div>
      {linking !== null && (
        <div className="rich-text-link">
          <label htmlFor={`${id}-href`}>Link address</label>
          <input
            id={`${id}-href`}
            value={linking}
            aria-invalid={linkError ? true : undefined}
            aria-describedby={linkError ? `${id}-href-error` : undefined}
            onChange={(e) => setLinking(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyLink();
              }
              if (e.key === 'Escape') setLinking(null);
            }}
          />
          <button type="button" onClick={applyLink}>
            Apply link
          </button>
          <button type="button" className="button-secondary" onClick={() => setLinking(null)}>
            Cancel
          </button>
          {linkError && (
            <span className="field-error" id={`${id}-href-error`} role="alert">
              {linkError}
            </span>
          )}
        </div>
      )}
      <EditorContent editor={editor} />
      {error && <span className="field-error">{error}</span>}
    </div>
  );
}
