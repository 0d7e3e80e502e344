#!/usr/bin/env bash
# Side-by-side benchmark against a PHP Q&A peer (issue 25): Question2Answer 1.8.8 on nginx + php-fpm
# (PHP 8.2, opcache on, validate_timestamps=0, pm=static with 12 children) + MariaDB, seeded with the
# same shape as `answer seed` (2,000 users, 20,000 questions, 0-3 answers each, half as many comments
# as questions, 1-3 tags each from ~40), measured interleaved with our server with wrk -t2 -c50.
# Results of 2026-11-27 and the method are in docs/benchmarks.md ("side by side with Question2Answer").
#
# A manual tool: it installs nothing by itself, starts services on 127.0.0.1 and writes under /tmp.
# No test runs it. Needs: nginx php-fpm php-mysql wrk (apt-get install -y nginx php-fpm php-mysql wrk),
# sqlite3, MariaDB at 127.0.0.1:3306 (root, empty password), the Q2A mirror below, and our site seeded
# and built in a separate tree (so the work tree's edits do not interfere):
#
#   git clone -q /work/main /tmp/ours && cd /tmp/ours && npm ci && npm run build
#   BENCH_QUESTIONS=20000 BENCH_SITE=/tmp/ours-site BENCH_ONLY="rendered question page (signed in)" \
#     BENCH_SECONDS=2 node --import tsx server/bench/run.ts        # seeds /tmp/ours-site once
#
# Then, from anywhere:
#   server/bench/peer-q2a.sh setup     # Q2A installed (installer driven by curl), seeded, started on :9180
#   server/bench/peer-q2a.sh ours      # our server from /tmp/ours on :9181 with /tmp/ours-site
#   server/bench/peer-q2a.sh sessions  # 50 signed-in sessions of the administrator on each side
#   server/bench/peer-q2a.sh members   # optional: 50 members signed in once each (measured as well when present)
#   server/bench/peer-q2a.sh measure   # ROUNDS (3) interleaved rounds, SECS (8) s per page -> $RUN/results.tsv
#   server/bench/peer-q2a.sh stop      # stops nginx, php-fpm and our server, drops the q2a_bench database
#
# The measured pages: the question with three answers and the most comments on our site, and question 1
# of the peer seeded with the same answers, comments and tags; the home list; the tag page of that
# question's first tag; the profile of that question's author and a peer user with the same question
# and answer counts. Each signed-in page is asked with 50 sessions in turn (PHP's file sessions lock per
# session, so one session on 50 connections would serialise the peer), and once more with one session.
set -euo pipefail

RUN=${RUN:-/tmp/q2a-run}                 # configs, logs, cookies, results
WEB=${WEB:-/tmp/q2a}                     # Q2A's files
MIRROR=${MIRROR:-/work/.mirror/q2a+question2answer/repo}
Q2A_TAG=${Q2A_TAG:-v1.8.8}
OURS_TREE=${OURS_TREE:-/tmp/ours}
OURS_SITE=${OURS_SITE:-/tmp/ours-site}
FPM_CHILDREN=${FPM_CHILDREN:-12}
QUESTIONS=${QUESTIONS:-20000}
USERS=${USERS:-2000}
SECS=${SECS:-8}
ROUNDS=${ROUNDS:-3}
OURS=http://127.0.0.1:9181
PEER=http://127.0.0.1:9180
MYSQL=(mysql -h127.0.0.1 -uroot)

need() { for b in "$@"; do command -v "$b" >/dev/null || { echo "missing $b (apt-get install -y nginx php-fpm php-mysql wrk sqlite3)" >&2; exit 1; }; done; }

write_configs() {
  mkdir -p "$RUN"
  cat > "$RUN/php-fpm.conf" <<EOF
[global]
pid = $RUN/php-fpm.pid
error_log = $RUN/php-fpm.log
daemonize = yes

[q2a]
listen = $RUN/php-fpm.sock
listen.mode = 0666
pm = static
pm.max_children = $FPM_CHILDREN
php_admin_value[opcache.enable] = 1
php_admin_value[opcache.validate_timestamps] = 0
php_admin_value[opcache.memory_consumption] = 128
php_admin_value[opcache.max_accelerated_files] = 10000
php_admin_value[memory_limit] = 256M
EOF
  cat > "$RUN/nginx.conf" <<EOF
worker_processes 2;
pid $RUN/nginx.pid;
error_log $RUN/nginx-error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path $RUN/body;
  fastcgi_temp_path $RUN/fastcgi;
  proxy_temp_path $RUN/proxy;
  uwsgi_temp_path $RUN/uwsgi;
  scgi_temp_path $RUN/scgi;
  keepalive_requests 100000;
  server {
    listen 127.0.0.1:9180;
    root $WEB;
    index index.php;
    # Q2A's "neat" URLs (/123/title, /tag/x, /user/x), as its .htaccess does for Apache.
    location / { try_files \$uri \$uri/ /index.php?qa-rewrite=\$uri&\$args; }
    location ~ \.php\$ {
      include /etc/nginx/fastcgi_params;
      fastcgi_param SCRIPT_FILENAME \$document_root\$fastcgi_script_name;
      fastcgi_pass unix:$RUN/php-fpm.sock;
    }
  }
}
EOF
  # wrk: each thread takes its own share of the cookies in \$COOKIES and gives them out in turn, so the
  # requests in flight carry different sessions.
  cat > "$RUN/sessions.lua" <<'EOF'
local cookies = {}
for line in io.lines(os.getenv("COOKIES")) do cookies[#cookies + 1] = line end
local counter = 1
function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
end
local mine, next_i = {}, 1
function init(args)
  for i = id, #cookies, 2 do mine[#mine + 1] = cookies[i] end
end
function request()
  local c = mine[next_i]
  next_i = next_i % #mine + 1
  return wrk.format(nil, nil, { cookie = c })
end
EOF
}

# The seed, written as SQL into Q2A's tables (its own recount would take hours of AJAX steps at this size).
write_seeder() {
  cat > "$RUN/seed-q2a.mjs" <<'EOF'
// Writes SQL (stdout) that seeds Question2Answer 1.8 tables with the same shape as our
// `answer seed`: 2,000 users, 20,000 questions with 0-3 answers each (mean 1.5), half as many
// comments as questions (on questions), 1-3 tags each from 40 tags, votes as small net scores.
// Usage: node seed-q2a.mjs QUESTIONS USERS TARGET_ANSWERS TARGET_COMMENTS TARGET_TAGS > seed.sql
// Question 1 is the measured one: TARGET_ANSWERS answers, TARGET_COMMENTS comments, TARGET_TAGS (a,b,c).
import { randomInt } from 'node:crypto';
const [Q = 20000, U = 2000, TA = 3, TC = 1] = process.argv.slice(2, 6).map(Number);
const TARGET_TAGS = (process.argv[6] || '').split(',').filter(Boolean);
const WORDS = ('database server query index cache session token migration schema table column row backup restore deploy ' +
  'container network proxy certificate domain email login password account profile avatar upload image file ' +
  'markdown editor preview comment answer question vote reputation badge tag search filter order page list ' +
  'install upgrade config option setting theme language translation locale timezone error warning log metric ' +
  'benchmark latency throughput memory thread process worker queue event handler plugin module package build ' +
  'test release version branch commit merge review issue feature bug fix patch script command terminal shell').split(' ');
const TAGS = ('postgresql mysql sqlite redis docker nginx linux windows macos javascript typescript nodejs react python go ' +
  'rust java kotlin swift css html http tls dns smtp oauth ldap kubernetes terraform ansible').split(' ').concat(
  'git github ci testing performance security privacy accessibility i18n'.split(' ')).slice(0, Math.max(10, Math.ceil(Q / 500)));
const OPENERS = ['How do I', 'Why does', 'What is the best way to', 'Is it possible to', 'How can I', 'When should I'];
const pick = (l) => l[randomInt(l.length)];
const words = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
const sentence = () => { const s = words(8 + randomInt(10)); return s[0].toUpperCase() + s.slice(1) + '.'; };
const paragraph = () => Array.from({ length: 2 + randomInt(3) }, sentence).join(' ');
const q = (s) => `'${String(s).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const NOW = Math.floor(Date.now() / 1000), DAY = 86400;
const dt = (t) => `FROM_UNIXTIME(${t})`;
const out = [];
const flush = (table, cols, rows) => { for (let i = 0; i < rows.length; i += 500) out.push(`INSERT INTO ${table} (${cols}) VALUES ${rows.slice(i, i + 500).join(',')};`); };
out.push('SET FOREIGN_KEY_CHECKS=0;');
// Users 2..U+1 (1 is the administrator made by the installer).
const joined = [];
const users = [];
for (let i = 1; i <= U; i++) {
  const t = NOW - DAY - randomInt(364 * DAY); joined.push(t);
  users.push(`(${i + 1},${dt(t)},INET6_ATON('127.0.0.1'),${q(`demo${i}@demo.invalid`)},${q(`demo${i}`)},0,${dt(t)},INET6_ATON('127.0.0.1'))`);
}
flush('qa_users', 'userid,created,createip,email,handle,level,loggedin,loginip', users);
// Words: vocabulary for titles, then tags.
const wordId = new Map(); let nextWord = 1;
const wid = (w) => { if (!wordId.has(w)) wordId.set(w, nextWord++); return wordId.get(w); };
for (const w of [...WORDS, ...TAGS, ...OPENERS.join(' ').toLowerCase().split(' ')]) wid(w);
const after = (t) => t + randomInt(Math.max(1, NOW - t));
const posts = [], posttags = [], tagwords = [], titlewords = [];
const tagCount = new Map();
const qs = [];
let pid = 0;
const uid = () => 2 + randomInt(U);
const post = (id, type, parent, user, t, v, content, title, tags, views, sel, acount, amax) =>
  posts.push(`(${id},'${type}',${parent},${user},${user},${dt(t)},${Math.max(v, 0)},${Math.max(-v, 0)},${v},${q(content)},${title === null ? 'NULL' : q(title)},${tags === null ? 'NULL' : q(tags)},'',${views},${sel},${acount},${amax},${type === 'Q' ? (t / 100000 + v * 0.3 + acount).toFixed(3) : 'NULL'})`);
for (let i = 0; i < Q; i++) {
  const id = ++pid;
  const author = uid(); const created = after(joined[author - 2]);
  const title = `${pick(OPENERS)} ${words(3 + randomInt(5))}?`;
  const tags = i === 0 && TARGET_TAGS.length ? TARGET_TAGS : [...new Set(Array.from({ length: 1 + randomInt(3) }, () => pick(TAGS)))];
  const na = i === 0 ? TA : randomInt(4);
  let amax = 0, sel = 'NULL';
  const pending = [];
  for (let k = 0; k < na; k++) {
    const aid = ++pid;
    const au = uid(); const at = after(Math.max(created, joined[au - 2]));
    const v = randomInt(7) - 2; amax = Math.max(amax, v);
    if (sel === 'NULL' && randomInt(3 * na) === 0) sel = aid;
    pending.push([aid, 'A', id, au, at, v, paragraph(), null, null, 0, 'NULL', 0, 0]);
  }
  const v = randomInt(9) - 2;
  post(id, 'Q', 'NULL', author, created, v, `${paragraph()}\n\n${paragraph()}`, title, tags.join(','), randomInt(5000), sel, na, amax);
  for (const a of pending) post(...a);
  qs.push({ id, created });
  for (const t of tags) { posttags.push(`(${id},${wid(t)},${dt(created)})`); tagwords.push(`(${id},${wid(t)})`); tagCount.set(t, (tagCount.get(t) ?? 0) + 1); }
  for (const w of new Set(title.toLowerCase().replace('?', '').split(' '))) titlewords.push(`(${id},${wid(w)})`);
}
// Comments: half as many as questions, on questions (the target question gets exactly TC).
for (let c = 0; c < TC; c++) post(++pid, 'C', 1, uid(), after(qs[0].created), 0, sentence(), null, null, 0, 'NULL', 0, 0);
for (let c = 0; c < Math.floor(Q / 2); c++) {
  const target = qs[1 + randomInt(Q - 1)];
  post(++pid, 'C', target.id, uid(), after(target.created), 0, sentence(), null, null, 0, 'NULL', 0, 0);
}
flush('qa_posts', 'postid,type,parentid,userid,lastuserid,created,upvotes,downvotes,netvotes,content,title,tags,format,views,selchildid,acount,amaxvote,hotness', posts);
flush('qa_words', 'wordid,word,tagcount', [...wordId].map(([w, i]) => `(${i},${q(w)},${tagCount.get(w) ?? 0})`));
flush('qa_posttags', 'postid,wordid,postcreated', posttags);
flush('qa_tagwords', 'postid,wordid', tagwords);
flush('qa_titlewords', 'postid,wordid', titlewords);
out.push(`UPDATE qa_words w JOIN (SELECT wordid, COUNT(*) n FROM qa_titlewords GROUP BY wordid) x USING (wordid) SET w.titlecount = x.n;`);
out.push(`UPDATE qa_words w JOIN (SELECT wordid, COUNT(*) n FROM qa_tagwords GROUP BY wordid) x USING (wordid) SET w.tagwordcount = x.n;`);
// Per-user counts and points as Q2A's recount computes them with its default option values
// (100 base, 2 per question, 4 per answer, 30 per selected answer, 3 per selection made, and vote points).
out.push(`INSERT INTO qa_userpoints (userid) SELECT userid FROM qa_users ON DUPLICATE KEY UPDATE qa_userpoints.points = qa_userpoints.points;`);
const perUser = (col, select) => out.push(`UPDATE qa_userpoints up JOIN (${select}) x USING (userid) SET up.${col} = x.n;`);
perUser('qposts', `SELECT userid, COUNT(*) n FROM qa_posts WHERE type='Q' GROUP BY userid`);
perUser('aposts', `SELECT userid, COUNT(*) n FROM qa_posts WHERE type='A' GROUP BY userid`);
perUser('cposts', `SELECT userid, COUNT(*) n FROM qa_posts WHERE type='C' GROUP BY userid`);
perUser('aselects', `SELECT userid, COUNT(*) n FROM qa_posts WHERE type='Q' AND selchildid IS NOT NULL GROUP BY userid`);
perUser('aselecteds', `SELECT a.userid, COUNT(*) n FROM qa_posts q JOIN qa_posts a ON a.postid = q.selchildid GROUP BY a.userid`);
perUser('upvoteds', `SELECT userid, SUM(upvotes) n FROM qa_posts WHERE type IN ('Q','A') GROUP BY userid`);
perUser('downvoteds', `SELECT userid, SUM(downvotes) n FROM qa_posts WHERE type IN ('Q','A') GROUP BY userid`);
out.push(`UPDATE qa_userpoints SET points = 100 + 2*qposts + 4*aposts + 30*aselecteds + 3*aselects + upvoteds - downvoteds;`);
out.push(`INSERT INTO qa_options (title, content) VALUES
  ('cache_qcount', (SELECT COUNT(*) FROM qa_posts WHERE type='Q')),
  ('cache_acount', (SELECT COUNT(*) FROM qa_posts WHERE type='A')),
  ('cache_ccount', (SELECT COUNT(*) FROM qa_posts WHERE type='C')),
  ('cache_unaqcount', (SELECT COUNT(*) FROM qa_posts WHERE type='Q' AND acount=0)),
  ('cache_unselqcount', (SELECT COUNT(*) FROM qa_posts WHERE type='Q' AND selchildid IS NULL)),
  ('cache_unupaqcount', (SELECT COUNT(*) FROM qa_posts WHERE type='Q' AND amaxvote=0)),
  ('cache_tagcount', (SELECT COUNT(*) FROM qa_words WHERE tagcount>0)),
  ('cache_userpointscount', (SELECT COUNT(*) FROM qa_userpoints))
  ON DUPLICATE KEY UPDATE content=VALUES(content);`);
out.push('SET FOREIGN_KEY_CHECKS=1;');
process.stdout.write(out.join('\n') + '\n');
EOF
}

# Our measured objects, read from our seeded site: a question with three answers (the most a seeded
# question has) and the most comments, its tags and its author.
ours_targets() {
  local db="$OURS_SITE/sqlite3/answer.db"
  local row
  row=$(sqlite3 -separator ' ' "$db" "select q.id, (select count(*) from comment c where c.question_id = q.id) as nc, q.user_id from question q where q.answer_count = 3 and q.status = 1 order by nc desc, q.id limit 1")
  read -r OQID OQCOMMENTS OQUSER <<<"$row"
  OQTAGS=$(sqlite3 "$db" "select t.slug_name from tag_rel r join tag t on t.id = r.tag_id where r.object_id = '$OQID' and r.status = 1 order by r.id" | paste -sd, -)
  read -r OUSER OUQ OUA <<<"$(sqlite3 -separator ' ' "$db" "select username, question_count, answer_count from user where id = $OQUSER")"
}

cmd_setup() {
  need nginx php-fpm8.2 wrk sqlite3 node mysql curl
  write_configs
  write_seeder
  rm -rf "$WEB" && mkdir -p "$WEB"
  git --git-dir="$MIRROR" archive "$Q2A_TAG" | tar -x -C "$WEB"
  sed -e "s/'your-mysql-username'/'root'/; s/'your-mysql-password'/''/; s/'your-mysql-db-name'/'q2a_bench'/" \
    "$WEB/qa-config-example.php" > "$WEB/qa-config.php"
  chmod -R a+rX "$WEB"
  "${MYSQL[@]}" -e "DROP DATABASE IF EXISTS q2a_bench; CREATE DATABASE q2a_bench CHARACTER SET utf8mb4"
  php-fpm8.2 -y "$RUN/php-fpm.conf" -R
  nginx -c "$RUN/nginx.conf"
  sleep 1
  # Q2A's installer: create the tables, then the super administrator.
  curl -sf -d 'create=1' "$PEER/index.php?qa=install" | grep -c 'database has been created' >/dev/null
  curl -sf -d 'super=1&handle=benchadmin&password=bench-password-1&email=bench@example.com' "$PEER/index.php?qa=install" | grep -c 'ready to go' >/dev/null
  ours_targets
  echo "our question $OQID: 3 answers, $OQCOMMENTS comments, tags $OQTAGS; author $OUSER ($OUQ questions, $OUA answers)"
  node "$RUN/seed-q2a.mjs" "$QUESTIONS" "$USERS" 3 "$OQCOMMENTS" "$OQTAGS" > "$RUN/seed.sql"
  "${MYSQL[@]}" q2a_bench < "$RUN/seed.sql"
  # Neat URLs (nginx rewrites them), and no login rate limit for the 50 sessions made from one address.
  "${MYSQL[@]}" q2a_bench -e "INSERT INTO qa_options (title, content) VALUES ('neat_urls', '1'), ('max_rate_ip_logins', '100000') ON DUPLICATE KEY UPDATE content = VALUES(content)"
  local puser pslug
  puser=$("${MYSQL[@]}" -N q2a_bench -e "SELECT u.handle FROM qa_userpoints p JOIN qa_users u USING (userid) WHERE u.userid > 1 ORDER BY ABS(p.qposts - $OUQ) + ABS(p.aposts - $OUA), u.userid LIMIT 1")
  pslug=$(curl -s -o /dev/null -w '%{redirect_url}' "$PEER/1" | sed "s|^$PEER||")
  cat > "$RUN/targets.env" <<EOF
OQ=/questions/$OQID
OT=/tags/${OQTAGS%%,*}
OP=/users/$OUSER
PQ=$pslug
PT=/tag/${OQTAGS%%,*}
PP=/user/$puser
EOF
  cat "$RUN/targets.env"
}

cmd_ours() {
  local flags
  flags=$(cd "$OURS_TREE" && node -e "const s=require('./package.json').scripts.start; console.log(/\bnode ((?:--\S+ )*)server\/bin\/answer\.js\b/.exec(s)[1].trim())")
  # In braces, so $! is the server's own process (stop signals it), not a subshell around it.
  (cd "$OURS_TREE" && { SITE_ADDR=127.0.0.1:9181 LOG_LEVEL=warn nohup node $flags server/bin/answer.js run -C "$OURS_SITE" > "$RUN/ours-server.log" 2>&1 & echo $! > "$RUN/ours-server.pid"; })
  for _ in $(seq 1 60); do curl -sf "$OURS/healthz" >/dev/null && return 0; sleep 1; done
  echo 'our server did not start' >&2; exit 1
}

# The visit cookie our login sets for this e-mail address (what a browser sends for pages).
ours_cookie() {
  curl -s -D - -o /dev/null -H 'content-type: application/json' -d "{\"e_mail\":\"$1\",\"pass\":\"bench-password-1\"}" \
    "$OURS/answer/api/v1/user/login/email" | grep -i '^set-cookie: visit=' | sed 's/^[Ss]et-[Cc]ookie: //; s/;.*//'
}

# The peer's PHP session cookie for this handle, through its login form (with the form's security code).
peer_cookie() {
  local jar="$RUN/jar.txt" code
  rm -f "$jar"
  code=$(curl -s -c "$jar" -b "$jar" "$PEER/login" | grep -o 'name="code" type="hidden" value="[^"]*"' | head -1 | sed 's/.*value="//; s/"//')
  curl -s -c "$jar" -b "$jar" -o /dev/null -d "emailhandle=$1&password=bench-password-1&dologin=1&code=$code" "$PEER/login"
  grep PHPSESSID "$jar" | awk '{print $6"="$7}'
}

# How many cookies of each file are signed in: the peer's page then offers "Logout"; ours carries the
# member's own replies (`reader`), which a visitor's copy lacks.
count_signed_in() {
  local c n=0 m=0
  source "$RUN/targets.env"
  while read -r c; do [ "$(curl -s -H "cookie: $c" "$PEER$PP" | grep -ci logout)" -ge 1 ] && n=$((n + 1)); done < "$2"
  while read -r c; do [ "$(curl -s -H "cookie: $c" "$OURS$OP" | grep -c '"reader":{"user"')" -ge 1 ] && m=$((m + 1)); done < "$1"
  echo "signed in: peer $n/50, ours $m/50"
}

cmd_sessions() {
  local i
  : > "$RUN/ours-cookies.txt"; : > "$RUN/peer-cookies.txt"
  for i in $(seq 1 50); do
    ours_cookie bench@example.com >> "$RUN/ours-cookies.txt"
    peer_cookie benchadmin >> "$RUN/peer-cookies.txt"
  done
  head -1 "$RUN/ours-cookies.txt" > "$RUN/ours-one.txt"; head -1 "$RUN/peer-cookies.txt" > "$RUN/peer-one.txt"
  count_signed_in "$RUN/ours-cookies.txt" "$RUN/peer-cookies.txt"
}

# 50 members, each signed in once: the seeded users demo2..demo51 (ours) and demo1..demo50 (the peer),
# given the administrator's password. The administrator's sessions above all read as one person, whom
# the per-reader caches serve as one; members are 50 readers.
cmd_members() {
  local i
  : > "$RUN/ours-members.txt"; : > "$RUN/peer-members.txt"
  sqlite3 "$OURS_SITE/sqlite3/answer.db" "update user set pass = (select pass from user where username = 'benchadmin'), mail_status = 1, status = 1 where username in ($(seq -s, -f "'demo%g'" 2 51))"
  "${MYSQL[@]}" q2a_bench -e "UPDATE qa_users u JOIN (SELECT passhash FROM qa_users WHERE handle = 'benchadmin') a SET u.passhash = a.passhash WHERE u.userid BETWEEN 2 AND 51"
  for i in $(seq 1 50); do
    ours_cookie "demo$((i + 1))@demo.invalid" >> "$RUN/ours-members.txt"
    peer_cookie "demo$i" >> "$RUN/peer-members.txt"
  done
  count_signed_in "$RUN/ours-members.txt" "$RUN/peer-members.txt"
}

# One wrk run; prints round, page, side, req/s, p50, p99, non-2xx responses, socket errors.
run() {
  local r=$1 label=$2 side=$3 url=$4 cookies=${5:-} out
  # The side measured before may still be finishing its queued work (PHP workers, MariaDB): let it.
  sleep 2
  if [ -n "$cookies" ]; then out=$(cd "$RUN" && COOKIES=$cookies wrk -t2 -c50 -d"${SECS}s" -s sessions.lua --latency "$url")
  else out=$(wrk -t2 -c50 -d"${SECS}s" --latency "$url"); fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$r" "$label" "$side" \
    "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" "$(awk '$1=="50%" {print $2}' <<<"$out")" \
    "$(awk '$1=="99%" {print $2}' <<<"$out")" "$(awk '/Non-2xx/ {n = $NF} END {print n + 0}' <<<"$out")" "$(grep 'Socket errors' <<<"$out" || true)" | tee -a "$RUN/results.tsv"
}

cmd_measure() {
  source "$RUN/targets.env"
  local p
  for p in "$OQ" / "$OT" "$OP"; do curl -s -o /dev/null -w "ours $p %{http_code} %{size_download} bytes (signed in)\n" -H "cookie: $(cat "$RUN/ours-one.txt")" "$OURS$p"; done
  for p in "$PQ" / "$PT" "$PP"; do curl -s -o /dev/null -w "peer $p %{http_code} %{size_download} bytes (signed in)\n" -H "cookie: $(cat "$RUN/peer-one.txt")" "$PEER$p"; done
  for r in $(seq 1 "$ROUNDS"); do
    echo "# round $r $(date -u +%H:%M:%S) $(uptime | sed 's/.*load/load/')" | tee -a "$RUN/results.tsv"
    run "$r" 'question page, signed in' ours "$OURS$OQ" ours-cookies.txt
    run "$r" 'question page, signed in' peer "$PEER$PQ" peer-cookies.txt
    if [ -s "$RUN/ours-members.txt" ]; then
      run "$r" 'question page, 50 members' ours "$OURS$OQ" ours-members.txt
      run "$r" 'question page, 50 members' peer "$PEER$PQ" peer-members.txt
      run "$r" 'tag page, 50 members' ours "$OURS$OT" ours-members.txt
      run "$r" 'tag page, 50 members' peer "$PEER$PT" peer-members.txt
    fi
    run "$r" healthz ours "$OURS/healthz"
    run "$r" 'home list, signed in' ours "$OURS/" ours-cookies.txt
    run "$r" 'home list, signed in' peer "$PEER/" peer-cookies.txt
    run "$r" healthz ours "$OURS/healthz"
    run "$r" 'tag page, signed in' ours "$OURS$OT" ours-cookies.txt
    run "$r" 'tag page, signed in' peer "$PEER$PT" peer-cookies.txt
    run "$r" healthz ours "$OURS/healthz"
    run "$r" 'profile, signed in' ours "$OURS$OP" ours-cookies.txt
    run "$r" 'profile, signed in' peer "$PEER$PP" peer-cookies.txt
    run "$r" healthz ours "$OURS/healthz"
    run "$r" 'question page, signed in, one session' ours "$OURS$OQ" ours-one.txt
    run "$r" 'question page, signed in, one session' peer "$PEER$PQ" peer-one.txt
    run "$r" 'question page, visitor' ours "$OURS$OQ"
    run "$r" 'question page, visitor' peer "$PEER$PQ"
  done
}

cmd_stop() {
  local f
  for f in nginx php-fpm ours-server; do
    if [ -f "$RUN/$f.pid" ]; then kill "$(cat "$RUN/$f.pid")" 2>/dev/null || true; rm -f "$RUN/$f.pid"; fi
  done
  "${MYSQL[@]}" -e 'DROP DATABASE IF EXISTS q2a_bench'
}

case "${1:-}" in
  setup) cmd_setup ;;
  ours) cmd_ours ;;
  sessions) cmd_sessions ;;
  members) cmd_members ;;
  measure) cmd_measure ;;
  stop) cmd_stop ;;
  *) sed -n '2,30p' "$0"; exit 1 ;;
esac
