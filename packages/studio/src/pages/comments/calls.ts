// The comment moderation calls (docs/owner-api.md "Comments"), on the one API client of @tessera/core.
import type { Api } from '@tessera/core/api-client';

export type CommentStatus = 'pending' | 'approved' | 'spam';
export type CommentCounts = Record<CommentStatus, number>;

/** One comment of `GET /api/owner/comments`. */
export interface OwnerComment {
  id: string;
  status: CommentStatus;
  authorName: string;
  authorEmail: string | null;
  text: string;
  bySite: boolean;
  created: number;
  moderatedOn: number | null;
  moderatedBy: string | null;
  post: { itemId: string; title: string | null; url: string | null };
}

export interface CommentsAnswer {
  comments: OwnerComment[];
  nextCursor: string | null;
  counts: CommentCounts;
}

export interface CommentSettings {
  commentsEnabled: boolean;
  commentsRequireApproval: boolean;
}

const API = '/api/owner/comments';
const one = (id: string) => `${API}/${encodeURIComponent(id)}`;
type Changed = { comment: OwnerComment; counts: CommentCounts };

export const commentCalls = (api: Api) => ({
  list: (status: CommentStatus | '', cursor: string | null = null) => {
    const q = new URLSearchParams();
    if (status) q.set('status', status);
    if (cursor) q.set('cursor', cursor);
    const text = q.toString();
    return api<CommentsAnswer>('GET', text ? `${API}?${text}` : API);
  },
  approve: (id: string) => api<Changed>('POST', `${one(id)}/approve`),
  spam: (id: string) => api<Changed>('POST', `${one(id)}/spam`),
  reply: (id: string, text: string) => api<Changed>('POST', `${one(id)}/reply`, { text }),
  remove: (id: string) => api<{ deleted: true; counts: CommentCounts }>('DELETE', one(id)),
  settings: () => api<CommentSettings>('GET', `${API}/settings`),
  saveSettings: (commentsRequireApproval: boolean) => api<CommentSettings>('PUT', `${API}/settings`, { commentsRequireApproval }),
});
