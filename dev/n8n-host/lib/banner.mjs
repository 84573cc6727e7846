// What `npm start` prints once everything is up: where to log in, what is set up, where things are.
import path from 'node:path';
import { CREDENTIAL_NAME } from './client.mjs';
import { ERP_CREDENTIAL_NAME } from './erp.mjs';
import { DURABLE_POLL_CURSORS } from './queue.mjs';
import { ROOT } from './install.mjs';

/** A path as the user would type it: relative inside the checkout, absolute outside. */
export function shown(file) {
	const rel = path.relative(ROOT, file);
	return rel.startsWith('..') ? file : rel || '.';
}

/**
 * The banner. `n8n` (url), `owner`, `credential`, `imported` and `erpWorkflows` (as imported),
 * `erp`, `simulator`, `description` (the one it serves), `filesFolder`, `profile` (queue mode), `caFile` (--tls), `seconds` (to ready).
 */
export function banner(s) {
	const line = '-'.repeat(72);
	const names = (list) => list.map((w) => w.name).join('\n                  ');
	return `\n${line}
  n8n editor      ${landing(s.n8n.url)}
  log in as       ${s.owner.email}
  password        ${s.owner.password}      (local instance only)
  credential      "${s.credential.name}" (${s.credential.type}) → simulator${(s.credential.notes ?? []).map((note) => `\n                  ${note}`).join('')}
  workflows       ${s.imported.length ? names(s.imported) : '(no examples/*.json yet)'}
  files           ${shown(s.filesFolder)}/   (the only folder n8n reads and writes files in here:
                  N8N_RESTRICT_FILE_ACCESS_TO; the file example's export is erp/item-master.csv)

${erpLines(s.erp, s.erpWorkflows)}${s.profile ? queueLines(s.profile) : ''}  simulator       ${s.simulator.baseUrl}${s.caFile ? '   (HTTPS: its certificate is signed by a CA of its own)' : ''}
  demo client     id ${s.simulator.clientId}   secret ${s.simulator.clientSecret}
  description     ${s.description.label}: ${s.description.routes} routes
                  ${s.simulator.description.urls.json} (or .yaml; bearer token)
${s.caFile ? tlsLines(s.caFile, s.simulator) : ''}  sim control     ${s.simulator.baseUrl.replace(/\/v1\/?$/, '')}/_sim/stats
  warehouse work  automatic, every 30 s

  ready in ${s.seconds} s — Ctrl-C stops ${s.profile ? 'all of it' : 'n8n, the ERP database and the simulator'}
${line}\n`;
}

/** The editor's address to open: its workflow list, where the examples are, after the login. */
export const landing = (url) => `${url}/home/workflows`;

/** The ERP's part of the banner: where it is, how to log in, what reads and writes it. */
function erpLines(erp, workflows) {
	const { user, password } = erp.integration;
	return `  ERP database    postgres://${user}:${password}@127.0.0.1:${erp.port}/${erp.database}   (credential "${ERP_CREDENTIAL_NAME}"; log ${shown(erp.logFile)})
  ERP workflows   ${workflows.map((w) => w.name).join('\n                  ')}
                  (inactive: activate them, or open one and run it; the error inbox is Overview → Data tables)

`;
}

/** The queue profile's part of the banner: who runs what, where, and the logs. */
function queueLines(p) {
	const workers = p.workers.map(
		(w, i) =>
			`worker-${i + 1} health http://127.0.0.1:${w.port}/healthz   pid ${w.child.pid}   log ${shown(w.logFile)}`,
	);
	return `  mode            queue: the main (editor, API, triggers, pollers) puts executions on Redis, the workers run them
  main log        ${shown(p.main.logFile)}
  workers         ${workers.join('\n                  ')}
  Postgres        127.0.0.1:${p.postgres.port}, database ${p.postgres.database}   log ${shown(p.postgres.logFile)}
  Redis           127.0.0.1:${p.redis.port}
  poll cursors    durable (${Object.keys(DURABLE_POLL_CURSORS).join(', ')} = true)

`;
}

/** What to paste into a credential of your own for the simulator over HTTPS. */
function tlsLines(caFile, simulator) {
	return `  to connect      a credential of your own: Base URL ${simulator.baseUrl}, the client above, and
                  Trust a Private CA → CA Certificate: the contents of ${shown(caFile)}
                  ("${CREDENTIAL_NAME}" has it already; without it the credential test says the CA is missing)
`;
}
