// A page's settings: title, URL slug, SEO title and description (with their lengths), the sharing
// image chosen from the media library, access (public, a password, members), a folder's behaviour
// and the home page. A link has its title and address; a folder without a page, its title.
import { type FormEvent, useState } from 'react';
import { Dialog } from '../../ui/dialog.js';
import type { Access, LibraryImage, PageSettings, SettingsChange } from './calls.js';
import { FOLDER_BEHAVIORS } from './add-dialog.js';
import { Field } from './fields.js';

/** The lengths search engines show: a longer title or description is cut there. */
const SEO_TITLE_ROOM = 60;
const SEO_DESCRIPTION_ROOM = 160;

export type ImagesState = { status: 'idle' | 'loading' } | { status: 'ready'; images: LibraryImage[] } | { status: 'error'; message: string };

export interface SettingsDialogProps {
  settings: PageSettings;
  errors: Readonly<Record<string, string>>;
  busy: boolean;
  images: ImagesState;
  /** Whether the account may open the media library (manageMedia). */
  canPickImages: boolean;
  onLoadImages(): void;
  onSave(change: SettingsChange): void;
  onClose(): void;
}

function Count({ id, value, room }: { id: string; value: string; room: number }) {
  return (
    <span id={id} className={value.length > room ? 'field-hint count-over' : 'field-hint'}>
      {value.length} of {room} characters{value.length > room ? ': search engines cut the rest' : ''}
    </span>
  );
}

function ImagePicker({
  value,
  onChange,
  images,
  canPick,
  onLoad,
  error,
  name = 'socialImage',
  legend = 'Social sharing image',
  none = 'None: sharing shows the page without an image.',
}: {
  value: string | null;
  onChange(path: string | null): void;
  images: ImagesState;
  canPick: boolean;
  onLoad(): void;
  error?: string;
  name?: string;
  legend?: string;
  none?: string;
}) {
  const errorId = `settings-${name}-error`;
  return (
    <fieldset className="social-image" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      <p className="field-hint">{value ? `Chosen: ${value}` : none}</p>
      <div className="actions">
        {canPick && images.status !== 'ready' && (
          <button type="button" className="button-secondary" onClick={onLoad} disabled={images.status === 'loading'}>
            {images.status === 'loading' ? 'Loading images…' : 'Choose from the media library'}
          </button>
        )}
        {value && (
          <button type="button" className="button-secondary" onClick={() => onChange(null)}>
            Remove image
          </button>
        )}
      </div>
      {!canPick && <p className="field-hint">Choosing an image needs access to the media library.</p>}
      {images.status === 'error' && <p className="field-error">{images.message}</p>}
      {images.status === 'ready' &&
        (images.images.length === 0 ? (
          <p className="field-hint">The media library holds no images yet.</p>
        ) : (
          <div className="image-choices">
            {images.images.map((img) => (
              <label key={img.id} className="image-choice">
                <input type="radio" name={name} value={img.path} checked={value === img.path} onChange={() => onChange(img.path)} />
                <img src={img.url} alt="" width="96" height="72" loading="lazy" />
                <span>{img.name}</span>
              </label>
            ))}
          </div>
        ))}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function SettingsDialog({ settings, errors, busy, images, canPickImages, onLoadImages, onSave, onClose }: SettingsDialogProps) {
  const [title, setTitle] = useState(settings.title);
  const [urlId, setUrlId] = useState(settings.urlId ?? '');
  const [url, setUrl] = useState(settings.url ?? '');
  const [seoTitle, setSeoTitle] = useState(settings.seoTitle ?? '');
  const [seoDescription, setSeoDescription] = useState(settings.seoDescription ?? '');
  const [socialImage, setSocialImage] = useState<string | null>(settings.socialImage ?? null);
  const [access, setAccess] = useState<Access>(settings.access ?? 'public');
  const [password, setPassword] = useState('');
  const [behavior, setBehavior] = useState(settings.folderBehavior ?? 1);
  const [isHome, setIsHome] = useState(settings.isHome ?? false);
  const [cover, setCover] = useState(settings.cover);
  const isCollection = settings.urlId !== undefined;
  const coverField = (key: 'text' | 'imageAlt' | 'actionLabel' | 'actionUrl') => ({
    value: cover?.[key] ?? '',
    onChange: (e: { target: { value: string } }) => setCover((c) => (c ? { ...c, [key]: e.target.value } : c)),
  });
  const isLink = settings.kind === 'link';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const change: SettingsChange = {};
    if (title !== settings.title) change.title = title;
    if (isLink && url !== settings.url) change.url = url;
    if (isCollection) {
      if (urlId !== settings.urlId) change.urlId = urlId;
      if (seoTitle !== (settings.seoTitle ?? '')) change.seoTitle = seoTitle;
      if (seoDescription !== (settings.seoDescription ?? '')) change.seoDescription = seoDescription;
      if (socialImage !== (settings.socialImage ?? null)) change.socialImage = socialImage;
      if (access !== settings.access || password !== '') change.access = access;
      if (access === 'password' && password !== '') change.password = password;
      if (settings.kind === 'folder' && behavior !== settings.folderBehavior) change.folderBehavior = behavior;
      if (isHome !== settings.isHome) change.isHome = isHome;
      if (cover && settings.cover && JSON.stringify(cover) !== JSON.stringify(settings.cover)) change.cover = cover;
    }
    onSave(change);
  };

  return (
    <Dialog open title={`Settings of “${settings.title}”`} onClose={onClose} className="settings-dialog">
      <form className="dialog-form" onSubmit={submit} noValidate>
        <Field id="settings-title" label="Title" error={errors.title}>
          {(d, invalid) => <input id="settings-title" value={title} onChange={(e) => setTitle(e.target.value)} aria-describedby={d} aria-invalid={invalid} />}
        </Field>
        {isLink && (
          <Field id="settings-url" label="Link" error={errors.url}>
            {(d, invalid) => (
              <input id="settings-url" type="url" value={url} onChange={(e) => setUrl(e.target.value)} aria-describedby={d} aria-invalid={invalid} />
            )}
          </Field>
        )}
        {isCollection && (
          <>
            <Field id="settings-slug" label="URL slug" error={errors.urlId} hint={`The page's address: /${urlId}`}>
              {(d, invalid) => (
                <input
                  id="settings-slug"
                  value={urlId}
                  onChange={(e) => setUrlId(e.target.value)}
                  aria-describedby={d}
                  aria-invalid={invalid}
                  autoComplete="off"
                />
              )}
            </Field>
            <Field
              id="settings-seo-title"
              label="SEO title"
              error={errors.seoTitle}
              hint={<Count id="seo-title-count" value={seoTitle} room={SEO_TITLE_ROOM} />}>
              {(d, invalid) => (
                <input
                  id="settings-seo-title"
                  value={seoTitle}
                  onChange={(e) => setSeoTitle(e.target.value)}
                  aria-describedby={d}
                  aria-invalid={invalid}
                  maxLength={200}
                />
              )}
            </Field>
            <Field
              id="settings-seo-description"
              label="SEO description"
              error={errors.seoDescription}
              hint={<Count id="seo-description-count" value={seoDescription} room={SEO_DESCRIPTION_ROOM} />}>
              {(d, invalid) => (
                <textarea
                  id="settings-seo-description"
                  rows={3}
                  value={seoDescription}
                  onChange={(e) => setSeoDescription(e.target.value)}
                  aria-describedby={d}
                  aria-invalid={invalid}
                  maxLength={500}
                />
              )}
            </Field>
            <ImagePicker
              value={socialImage}
              onChange={setSocialImage}
              images={images}
              canPick={canPickImages}
              onLoad={onLoadImages}
              error={errors.socialImage}
            />
            {cover && (
              <fieldset className="cover-settings">
                <legend>Cover</legend>
                <Field id="settings-cover-text" label="Text" error={errors['cover.text']} hint="Shown under the title over the image.">
                  {(d, invalid) => (
                    <textarea id="settings-cover-text" rows={3} maxLength={2000} aria-describedby={d} aria-invalid={invalid} {...coverField('text')} />
                  )}
                </Field>
                <ImagePicker
                  name="coverImage"
                  legend="Background image"
                  none="None: the cover shows its colour theme's background."
                  value={cover.image}
                  onChange={(image) => setCover((c) => (c ? { ...c, image } : c))}
                  images={images}
                  canPick={canPickImages}
                  onLoad={onLoadImages}
                  error={errors['cover.image']}
                />
                <Field id="settings-cover-alt" label="Background image description" error={errors['cover.imageAlt']} hint="For visitors who cannot see it.">
                  {(d, invalid) => <input id="settings-cover-alt" maxLength={500} aria-describedby={d} aria-invalid={invalid} {...coverField('imageAlt')} />}
                </Field>
                <Field id="settings-cover-label" label="Button label" error={errors['cover.actionLabel']}>
                  {(d, invalid) => (
                    <input id="settings-cover-label" maxLength={80} aria-describedby={d} aria-invalid={invalid} {...coverField('actionLabel')} />
                  )}
                </Field>
                <Field
                  id="settings-cover-link"
                  label="Button link"
                  error={errors['cover.actionUrl']}
                  hint="A web address (https://…) or a path of this site (/shop).">
                  {(d, invalid) => <input id="settings-cover-link" type="url" aria-describedby={d} aria-invalid={invalid} {...coverField('actionUrl')} />}
                </Field>
              </fieldset>
            )}
            <fieldset className="access-choice">
              <legend>Who may open it</legend>
              {(
                [
                  ['public', 'Everyone'],
                  ['password', 'Visitors with a password'],
                  ['members', 'Members only'],
                ] as const
              ).map(([value, label]) => (
                <div key={value} className="check">
                  <input id={`access-${value}`} type="radio" name="access" value={value} checked={access === value} onChange={() => setAccess(value)} />
                  <label htmlFor={`access-${value}`}>{label}</label>
                </div>
              ))}
            </fieldset>
            {access === 'password' && (
              <Field
                id="settings-password"
                label={settings.hasPassword ? 'New password (leave empty to keep the current one)' : 'Password'}
                error={errors.password}>
                {(d, invalid) => (
                  <input
                    id="settings-password"
                    type="password"
                    autoComplete="new-password"
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                    aria-describedby={d}
                    aria-invalid={invalid}
                  />
                )}
              </Field>
            )}
            {settings.kind === 'folder' && (
              <Field id="settings-behavior" label="Folder behaviour" error={errors.folderBehavior}>
                {(d) => (
                  <select id="settings-behavior" value={behavior} onChange={(e) => setBehavior(Number(e.target.value))} aria-describedby={d}>
                    {FOLDER_BEHAVIORS.map((b) => (
                      <option key={b.value} value={b.value}>
                        {b.label}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            )}
            {settings.kind !== 'folder' && (
              <div className="field field-check">
                <div className="check">
                  <input id="settings-home" type="checkbox" checked={isHome} disabled={settings.isHome} onChange={(e) => setIsHome(e.target.checked)} />
                  <label htmlFor="settings-home">{settings.isHome ? 'This is the home page' : 'Make this the home page'}</label>
                </div>
                {errors.isHome && <span className="field-error">{errors.isHome}</span>}
              </div>
            )}
          </>
        )}
        <div className="actions">
          <button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save settings'}
          </button>
          <button type="button" className="button-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
