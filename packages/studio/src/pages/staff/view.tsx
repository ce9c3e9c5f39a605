// The staff page, drawn from props only (page.tsx holds the state and calls the API): the invite
// form, the accounts with their roles and new-order mail, the invitations waiting for an answer.
// Removing an account or revoking an invitation asks first, in place, the focus on the question.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { formatTime } from '../../format.js';
import type { Invitation, Role, StaffAccount } from './calls.js';
import type { StaffContext, StaffState } from './page.js';
import { ErrorBox } from '../../ui/error-box.js';

/** The action waiting for its confirmation: removing an account or revoking an invitation. */
export interface Confirming {
  kind: 'remove' | 'revoke';
  id: string;
}

export interface StaffViewProps {
  context: StaffContext;
  state: StaffState;
  notice: { kind: 'ok' | 'error'; text: string } | null;
  /** Account and invitation ids (and `invite`) with a call under way. */
  busy: ReadonlySet<string>;
  inviteErrors: Readonly<Record<string, string>>;
  /** Invitations sent so far: the form starts afresh after each. */
  invited: number;
  confirming: Confirming | null;
  onInvite(email: string, role: number): void;
  onResend(invitation: Invitation): void;
  onRevoke(invitation: Invitation): void;
  onRole(account: StaffAccount, role: number): void;
  onNotify(account: StaffAccount, on: boolean): void;
  onRemove(account: StaffAccount): void;
  onConfirm(confirming: Confirming | null): void;
  onRetry(): void;
}

function RoleOptions({ roles }: { roles: readonly Role[] }) {
  return roles.map((r) => (
    <option key={r.code} value={r.code}>
      {r.name}
    </option>
  ));
}

function InviteForm({
  roles,
  errors,
  busy,
  onInvite,
}: {
  roles: readonly Role[];
  errors: Readonly<Record<string, string>>;
  busy: boolean;
  onInvite(email: string, role: number): void;
}) {
  const [missingRole, setMissingRole] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const role = String(data.get('role') ?? '');
    setMissingRole(role === '');
    if (role !== '') onInvite(String(data.get('email') ?? ''), Number(role));
  };
  const roleError = missingRole ? 'Choose one of the website roles.' : errors.role;
  return (
    <form className="card staff-invite" onSubmit={submit} noValidate aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite someone</h2>
      <p className="section-note">They get an email with a link to choose their password; the link works for 7 days.</p>
      <div className="staff-invite-fields">
        <div className="field">
          <label htmlFor="invite-email">Email</label>
          <input
            id="invite-email"
            name="email"
            type="email"
            autoComplete="off"
            required
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? 'invite-email-error' : undefined}
          />
          {errors.email && (
            <span id="invite-email-error" className="field-error">
              {errors.email}
            </span>
          )}
        </div>
        <div className="field">
          <label htmlFor="invite-role">Role</label>
          <select
            id="invite-role"
            name="role"
            defaultValue=""
            aria-invalid={roleError ? true : undefined}
            aria-describedby={roleError ? 'invite-role-error' : undefined}>
            <option value="" disabled>
              Choose a role…
            </option>
            <RoleOptions roles={roles} />
          </select>
          {roleError && (
            <span id="invite-role-error" className="field-error">
              {roleError}
            </span>
          )}
        </div>
        <button type="submit" disabled={busy}>
          {busy ? 'Sending…' : 'Send invitation'}
        </button>
      </div>
    </form>
  );
}

/** A question in place of a row's buttons: the confirming button takes the focus, Escape or Cancel goes back. */
function ConfirmInline({ question, action, onYes, onNo }: { question: string; action: string; onYes(): void; onNo(): void }) {
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => yes.current?.focus(), []);
  return (
    <div className="confirm-inline" role="group" aria-label={question} onKeyDown={(e) => e.key === 'Escape' && onNo()}>
      <p>{question}</p>
      <div className="actions">
        <button ref={yes} type="button" className="button-danger" onClick={onYes}>
          {action}
        </button>
        <button type="button" className="button-secondary" onClick={onNo}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function RoleForm({ account, roles, busy, onRole }: { account: StaffAccount; roles: readonly Role[]; busy: boolean; onRole(role: number): void }) {
  const [role, setRole] = useState(account.role);
  const id = `role-${account.id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onRole(role);
  };
  return (
    <form className="staff-role" onSubmit={submit}>
      <label className="visually-hidden" htmlFor={id}>
        Role of {account.email}
      </label>
      <select id={id} value={role} onChange={(e) => setRole(Number(e.target.value))}>
        <RoleOptions roles={roles} />
      </select>
      <button type="submit" className="button-secondary" disabled={busy || role === account.role}>
        Save role
      </button>
    </form>
  );
}

/** Once a question is answered or dismissed, the focus goes back to the button that asked it (when it is still there). */
function useFocusBack(confirming: Confirming | null) {
  const asked = useRef<Confirming | null>(null);
  useEffect(() => {
    const previous = asked.current;
    asked.current = confirming;
    if (confirming || !previous) return;
    document.querySelector<HTMLButtonElement>(`[data-asks="${previous.kind}:${previous.id}"]`)?.focus();
  }, [confirming]);
}

export function StaffView(props: StaffViewProps) {
  const { context, state, notice, busy, inviteErrors, invited, confirming } = props;
  useFocusBack(confirming);
  const time = (ms: number) => formatTime(context.language, ms, context.timeZone);
  const list = state.status === 'ready' ? state.list : null;
  return (
    <>
      <p className="section-note">Who may sign in to run the site, and what each may do there: the role decides which pages an account opens.</p>
      <div className={`status${notice?.kind === 'error' ? ' status-error' : ''}`} role="status" aria-live="polite">
        {state.status === 'loading' ? 'Loading…' : (notice?.text ?? '')}
      </div>
      {state.status === 'error' && <ErrorBox message={state.message} onRetry={props.onRetry} />}
      {list && (
        <>
          <InviteForm key={invited} roles={list.roles} errors={inviteErrors} busy={busy.has('invite')} onInvite={props.onInvite} />
          <section aria-labelledby="accounts-heading">
            <h2 id="accounts-heading">Accounts</h2>
            <ul className="staff-list">
              {list.accounts.map((a) => (
                <li key={a.id} className="card staff-row" data-account-id={a.id}>
                  <div className="staff-who">
                    <span className="staff-email">{a.email}</span>
                    {a.isYou && <span className="badge">You</span>}
                    <span className="muted">{a.lastSeen ? `Last seen ${time(a.lastSeen)}` : `Added ${time(a.created)}`}</span>
                  </div>
                  <RoleForm key={`${a.id}:${a.role}`} account={a} roles={list.roles} busy={busy.has(a.id)} onRole={(role) => props.onRole(a, role)} />
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      aria-label={`New-order emails for ${a.email}`}
                      checked={a.notifyNewOrders}
                      disabled={busy.has(a.id)}
                      onChange={(e) => props.onNotify(a, e.target.checked)}
                    />
                    New-order emails
                  </label>
                  <div className={`staff-actions${confirming?.kind === 'remove' && confirming.id === a.id ? ' is-asking' : ''}`}>
                    {a.isYou ? null : confirming?.kind === 'remove' && confirming.id === a.id ? (
                      <ConfirmInline
                        question={`Remove ${a.email}? The account is deleted and signed out everywhere.`}
                        action="Remove"
                        onYes={() => props.onRemove(a)}
                        onNo={() => props.onConfirm(null)}
                      />
                    ) : (
                      <button
                        type="button"
                        className="button-secondary"
                        data-asks={`remove:${a.id}`}
                        aria-label={`Remove ${a.email}`}
                        disabled={busy.has(a.id)}
                        onClick={() => props.onConfirm({ kind: 'remove', id: a.id })}>
                        Remove
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="invitations-heading">
            <h2 id="invitations-heading">Invitations</h2>
            {list.invitations.length === 0 ? (
              <p className="empty">No invitation is waiting for an answer.</p>
            ) : (
              <ul className="staff-list">
                {list.invitations.map((i) => (
                  <li key={i.id} className="card staff-row invitation-row">
                    <div className="staff-who">
                      <span className="staff-email">{i.email}</span>
                      <span className="badge">{i.roleName}</span>
                      <span className={i.expired ? 'status-error' : 'muted'}>
                        {i.expired ? `Expired ${time(i.expires)}` : `Invited by ${i.invitedBy ?? 'an admin'}, until ${time(i.expires)}`}
                      </span>
                    </div>
                    <div className={`staff-actions${confirming?.kind === 'revoke' && confirming.id === i.id ? ' is-asking' : ''}`}>
                      {confirming?.kind === 'revoke' && confirming.id === i.id ? (
                        <ConfirmInline
                          question={`Revoke the invitation of ${i.email}? Its link stops working.`}
                          action="Revoke"
                          onYes={() => props.onRevoke(i)}
                          onNo={() => props.onConfirm(null)}
                        />
                      ) : (
                        <>
                          <button
                            type="button"
                            className="button-secondary"
                            aria-label={`Send again to ${i.email}`}
                            disabled={busy.has(i.id)}
                            onClick={() => props.onResend(i)}>
                            Send again
                          </button>
                          <button
                            type="button"
                            className="button-secondary"
                            data-asks={`revoke:${i.id}`}
                            aria-label={`Revoke the invitation of ${i.email}`}
                            disabled={busy.has(i.id)}
                            onClick={() => props.onConfirm({ kind: 'revoke', id: i.id })}>
                            Revoke
                          </button>
                        </>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </>
  );
}
