import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/storage/dialect.js';
import { rawStatement, statement, writeTransaction, type Executor } from '../../src/storage/statement.js';
import { DIALECTS, freshDatabaseUrl, freshStore } from '../helpers/store.js';

const idsIn = async (store: Store) => (await sql<{ id: number }>`select id from t_writes order by id`.execute(store.db)).rows.map((r) => Number(r.id));
const insert = (tx: Executor, id: number, v = 'x') => sql`insert into t_writes (id, v) values (${id}, ${v})`.execute(tx);

describe.each(DIALECTS)('write transactions on %s', (dialect) => {
  let store: Store;

  beforeAll(async () => {
    store = await freshStore(dialect);
    await sql`create table t_writes (id integer primary key, v text not null)`.execute(store.db);
  });
  afterAll(() => store.close());
  beforeEach(async () => {
    await sql`delete from t_writes`.execute(store.db);
  });

  it('answers each write with its own result, and a failing write changes nothing of its own', async () => {
    const results = await Promise.allSettled([
      writeTransaction(store, async (tx) => {
        await insert(tx, 1);
        return 'one';
      }),
      writeTransaction(store, async (tx) => {
        await insert(tx, 2);
        throw new Error('refused after writing');
      }),
      writeTransaction(store, async (tx) => {
        await insert(tx, 3);
        return 'three';
      }),
      // A statement error inside the work: the primary key 1 is taken by the first write.
      writeTransaction(store, async (tx) => insert(tx, 1, 'again')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect((results[0] as PromiseFulfilledResult<string>).value).toBe('one');
    expect((results[2] as PromiseFulfilledResult<string>).value).toBe('three');
    expect(((results[1] as PromiseRejectedResult).reason as Error).message).toBe('refused after writing');
    expect(await idsIn(store)).toEqual([1, 3]);
  });

  it('reads rows as arrays of the selected columns with rawStatement, in or out of a transaction', async () => {
    await writeTransaction(store, async (tx) => {
      await insert(tx, 7, 'seven');
      await insert(tx, 8, 'eight');
    });
    const byArrays = rawStatement((db, p) =>
      db
        .selectFrom('t_writes' as never)
        .select(['v', 'id'] as never)
        .where('id' as never, '>=', p(0))
        .orderBy('id' as never),
    );
    const byObjects = statement((db, p) =>
      db
        .selectFrom('t_writes' as never)
        .select(['v', 'id'] as never)
        .where('id' as never, '>=', p(0))
        .orderBy('id' as never),
    );
    expect((await byArrays(store, store.db, [7])).rows.map(([v, id]) => [v, Number(id)])).toEqual([
      ['seven', 7],
      ['eight', 8],
    ]);
    // The same SQL text shares one prepared statement on SQLite: reading as arrays leaves it reading objects for others.
    expect((await byObjects(store, store.db, [8])).rows).toEqual([{ v: 'eight', id: 8 }]);
    const inside = await writeTransaction(store, async (tx) => (await byArrays(store, tx, [8])).rows);
    expect(inside.map(([v]) => v)).toEqual(['eight']);
  });

  it('keeps many concurrent writes, each one once', async () => {
    const ids = Array.from({ length: 100 }, (_, i) => i + 10);
    await Promise.all(ids.map((id) => writeTransaction(store, (tx) => insert(tx, id))));
    expect(await idsIn(store)).toEqual(ids);
  });
});

describe('group commit on SQLite', () => {
  let store: Store;
  let drop: () => Promise<void>;
  let file: string;
  /** A second connection to the same file: what another process would see. */
  let other: BetterSqlite3.Database;

  beforeAll(async () => {
    const fresh = await freshDatabaseUrl('sqlite');
    drop = fresh.drop;
    file = fresh.url.slice('sqlite:'.length);
    store = await openStore(fresh.url);
    await sql`create table t_writes (id integer primary key, v text not null)`.execute(store.db);
    await sql`create table t_parent (id integer primary key)`.execute(store.db);
    await sql`create table t_child (id integer primary key, parent_id integer not null references t_parent (id))`.execute(store.db);
    other = new BetterSqlite3(file, { readonly: true });
  });
  afterAll(async () => {
    other.close();
    await store.close();
    await drop();
  });
  beforeEach(async () => {
    await sql`delete from t_writes`.execute(store.db);
  });

  const seenElsewhere = () => (other.prepare('select id from t_writes order by id').all() as { id: number }[]).map((r) => r.id);

  it('runs the writes of one turn in one transaction and answers none before it is committed', async () => {
    const events: string[] = [];
    const seenAtAnswer: number[][] = [];
    const write = (id: number) =>
      writeTransaction(store, async (tx) => {
        events.push(`work ${id}`);
        await insert(tx, id);
      }).then(() => {
        events.push(`answer ${id}`);
        seenAtAnswer.push(seenElsewhere());
      });
    await Promise.all([write(1), write(2), write(3)]);
    // All three ran before any was answered: they shared a transaction (one BEGIN, one COMMIT) ...
    expect(events).toEqual(['work 1', 'work 2', 'work 3', 'answer 1', 'answer 2', 'answer 3']);
    // ... and each answer came after the commit: another connection already saw every row.
    expect(seenAtAnswer).toEqual([
      [1, 2, 3],
      [1, 2, 3],
      [1, 2, 3],
    ]);
  });

  it('fails every write of the group when their commit fails, and stores none of them', async () => {
    const results = await Promise.allSettled([
      writeTransaction(store, (tx) => insert(tx, 1)),
      // Deferred foreign keys are checked at COMMIT, not at the savepoint's release.
      writeTransaction(store, async (tx) => {
        await sql`pragma defer_foreign_keys = on`.execute(tx);
        await sql`insert into t_child (id, parent_id) values (1, 999)`.execute(tx);
      }),
      writeTransaction(store, (tx) => insert(tx, 3)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(await idsIn(store)).toEqual([]);
    expect(seenElsewhere()).toEqual([]);
    // The connection is usable again afterwards.
    await writeTransaction(store, (tx) => insert(tx, 4));
    expect(seenElsewhere()).toEqual([4]);
  });

  it('fails the writes done before a write that ended the whole transaction, and runs the next ones afresh', async () => {
    const results = await Promise.allSettled([
      writeTransaction(store, (tx) => insert(tx, 1)),
      writeTransaction(store, async (tx) => {
        await insert(tx, 2);
        // What SQLite does by itself on some errors (a full disk, an I/O error): the whole transaction is gone.
        await sql`rollback`.execute(tx);
        throw new Error('the transaction ended');
      }),
      writeTransaction(store, (tx) => insert(tx, 3)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect(await idsIn(store)).toEqual([3]);
  });

  it('lets other queries of the store run between groups', async () => {
    let writes = 0;
    let read: Promise<number> | undefined;
    const many = Array.from({ length: 200 }, (_, i) =>
      writeTransaction(store, async (tx) => {
        // A Kysely query issued during the first group waits for that group only, not for all 200 writes.
        if (i === 0) read = sql`select count(*) as n from t_writes`.execute(store.db).then(() => writes);
        await insert(tx, i + 100);
        writes++;
      }),
    );
    await Promise.all(many);
    const writesWhenRead = await read!;
    expect(writesWhenRead).toBeGreaterThan(0);
    expect(writesWhenRead).toBeLessThan(200);
    expect((await idsIn(store)).length).toBe(200);
  });
});
