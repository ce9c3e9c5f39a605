// A post's comment and like calls (docs/comments.md) on the one API client of @tessera/core.
import { type ApiOptions, createApi } from '@tessera/core/api-client';

export interface CommentSubmission {
  readonly name: string;
  readonly email: string;
  readonly text: string;
  readonly captchaToken: string;
  readonly website_url: string;
}

export interface PostedComment {
  readonly id: string;
  readonly status: 'pending' | 'approved' | 'spam';
  readonly authorName: string;
  readonly text: string;
  readonly createdText: string;
  readonly created: number;
}

export function createCommentsApi(options: ApiOptions = {}) {
  const api = createApi(options);
  return {
    post: (url: string, comment: CommentSubmission) => api<{ comment: PostedComment }>('POST', url, comment),
    like: (itemId: string) => api<{ likeCount: number; liked: boolean }>('POST', `/api/comments/items/${encodeURIComponent(itemId)}/like`),
  };
}

export type CommentsApi = ReturnType<typeof createCommentsApi>;
