import { type Kysely, sql } from 'kysely';

// Issue 21: a dotted-path update applied in one pass. rr_jsonb_set_path (0011) was chained once per
// path, and each link copied the whole document: 500 paths on a 9 MB document took 12.6 s of database
// time. rr_jsonb_apply_tree takes all paths as one tree and rebuilds each container on the way once,
// so the cost is the size of the document, not paths × size. Same rules as 0011: a numeric segment
// makes an array (an array index may be at most the length + 1, the gap padded with null; further out
// is refused with SQLSTATE RR001), a name makes an object; whatever else was there is replaced.
//
// A tree node is {"v": value} (set the value here), or {"c": {segment: node, …}} with "a": true when
// its segments are array indexes (products/update-paths.ts builds it; siblings never mix the kinds).

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the database as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function rr_jsonb_apply_tree(target jsonb, node jsonb)
    returns jsonb language plpgsql immutable parallel safe as $fn$
    declare
      container jsonb := target;
      len int;
      cur int;
      idx int;
      extra jsonb := '[]'::jsonb;
      k text;
      child jsonb;
    begin
      if node ? 'v' then
        return node -> 'v';
      end if;
      if coalesce((node ->> 'a')::boolean, false) then
        if container is null or jsonb_typeof(container) <> 'array' then
          container := '[]'::jsonb;
        end if;
        len := jsonb_array_length(container);
        for k in select c.k from jsonb_object_keys(node -> 'c') as c(k) loop
          if k !~ '^[0-9]{1,9}$' then
            raise exception 'array index % is not a number', k using errcode = 'RR001';
          end if;
        end loop;
        -- the elements already there: one pass over the array
        if exists (select 1 from jsonb_object_keys(node -> 'c') as c(k) where c.k::int < len) then
          select coalesce(jsonb_agg(case when c.n is null then e.v else rr_jsonb_apply_tree(e.v, c.n) end
                                    order by e.i), '[]'::jsonb)
            into container
            from jsonb_array_elements(container) with ordinality as e(v, i)
            left join jsonb_each(node -> 'c') as c(k, n) on c.k::int = e.i - 1;
        end if;
        -- past the end, in ascending order: each at most one past the current end
        cur := len;
        for k, child in
          select c.k, c.n from jsonb_each(node -> 'c') as c(k, n) where c.k::int >= len order by c.k::int
        loop
          idx := k::int;
          if idx > cur + 1 then
            raise exception 'array index % is past the end (length %)', idx, cur using errcode = 'RR001';
          end if;
          if idx = cur + 1 then
            extra := extra || '[null]'::jsonb;
            cur := cur + 1;
          end if;
          extra := extra || jsonb_build_array(rr_jsonb_apply_tree(null, child));
          cur := cur + 1;
        end loop;
        if cur > len then
          container := container || extra;
        end if;
        return container;
      end if;
      if container is null or jsonb_typeof(container) <> 'object' then
        container := '{}'::jsonb;
      end if;
      return container || (
        select coalesce(jsonb_object_agg(c.k, rr_jsonb_apply_tree(container -> c.k, c.n)), '{}'::jsonb)
        from jsonb_each(node -> 'c') as c(k, n));
    end
    $fn$`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists rr_jsonb_apply_tree(jsonb, jsonb)`.execute(db);
}
