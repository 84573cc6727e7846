// The ERP end of the examples: a Postgres cluster of its own (dev/n8n-host/lib/services.mjs) in
// `<folder>/erp/`, database `erp` with the schema and demo data of dev/erp/, and a login of its own
// for the integration (role wms_integration), which is what n8n's Postgres credential uses. Kept
// between starts; the schema is applied once, to a fresh database. Used by `npm start` and the
// ERP end-to-end suite (dev/scripts/e2e-erp.mjs).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT } from './install.mjs';
import { ensurePostgres, startPostgres } from './services.mjs';

const pg = createRequire(path.join(ROOT, 'package.json'))('pg');

export const ERP_CREDENTIAL_NAME = 'ERP database';
export const ERP_CREDENTIAL_TYPE = 'postgres';
const INTEGRATION_ROLE = 'wms_integration';
const SQL_DIR = path.join(ROOT, 'dev', 'erp');

/**
 * Starts the ERP database under `folder/erp/` on 127.0.0.1:`port`. `demo`: load dev/erp/demo.sql
 * into a fresh database; `fast`: no fsync (tests). Answers {host, port, database, integration:
 * {user, password}, query(sql, params) as the ERP's owner, credentialData() for n8n, stop()}.
 */
export async function startErpDatabase({ folder, port, demo = true, fast = false }) {
	const pgBin = await ensurePostgres();
	const dir = path.join(folder, 'erp');
	fs.mkdirSync(dir, { recursive: true });
	// Postgres runs as its own user when we are root: it must reach its folder.
	if (process.getuid?.() === 0) for (const f of [folder, dir]) fs.chmodSync(f, 0o755);
	const server = await startPostgres({
		dir: path.join(dir, 'postgres'),
		port,
		pgBin,
		fast,
		user: 'erp_owner',
		database: 'erp',
	});
	const owner = new pg.Pool({
		host: server.host,
		port: server.port,
		user: server.user,
		password: server.password,
		database: server.database,
		max: 4,
	});
	// An idle connection that Postgres ends (when it stops) is not an error of the caller's.
	owner.on('error', () => {});
	const query = async (sql, params) => (await owner.query(sql, params)).rows;
	const integration = integrationLogin(dir);
	try {
		const [{ installed }] = await query(`select to_regnamespace('erp') is not null as installed`);
		if (!installed) {
			// A start that failed half-way may have made the role already.
			await query(`do $$ begin
				create role ${INTEGRATION_ROLE} login connection limit 40;
			exception when duplicate_object then null; end $$`);
			await query(`alter role ${INTEGRATION_ROLE} password '${integration.password}'`);
			await query(fs.readFileSync(path.join(SQL_DIR, 'schema.sql'), 'utf8'));
			if (demo) await query(fs.readFileSync(path.join(SQL_DIR, 'demo.sql'), 'utf8'));
			await query(`alter role ${INTEGRATION_ROLE} set search_path = erp, public`);
		}
	} catch (error) {
		await owner.end();
		await server.stop();
		throw error;
	}
	return {
		host: server.host,
		port: server.port,
		database: server.database,
		logFile: server.logFile,
		integration,
		query,
		/** The data of n8n's Postgres credential ("ERP database"): the integration's own login. */
		credentialData: () => ({
			host: server.host,
			port: server.port,
			database: server.database,
			user: integration.user,
			password: integration.password,
			ssl: 'disable',
			maxConnections: 20,
		}),
		async stop() {
			await owner.end().catch(() => {});
			await server.stop();
		},
	};
}

/** The integration role's password, made once per ERP folder and kept beside it. */
function integrationLogin(dir) {
	const file = path.join(dir, 'integration.json');
	if (!fs.existsSync(file)) {
		const login = { user: INTEGRATION_ROLE, password: randomBytes(12).toString('hex') };
		fs.writeFileSync(file, JSON.stringify(login, null, 2) + '\n', { mode: 0o600 });
	}
	return JSON.parse(fs.readFileSync(file, 'utf8'));
}

export const ERP_EXAMPLES_DIR = path.join(ROOT, 'examples', 'erp-database');
/** The trigger of the inbox workflow that makes the inbox table (n8n's Data Table) when missing. */
export const INBOX_SETUP_TRIGGER = 'Set up the inbox';

/**
 * Wires a running n8n to the ERP database: n8n's Postgres credential "ERP database" (the
 * integration's login), the examples of examples/erp-database/ bound to it and to the WMS
 * `credential`, and the error inbox table, made by the inbox workflow's set-up trigger.
 * `imported`: as for client.importWorkflows (keeps workflows changed in the editor).
 * Answers {erpCredential, workflows}.
 */
export async function connectErp(client, { erp, credential, imported }) {
	const erpCredential = await client.saveCredential({
		name: ERP_CREDENTIAL_NAME,
		type: ERP_CREDENTIAL_TYPE,
		data: erp.credentialData(),
	});
	const workflows = await client.importWorkflows(ERP_EXAMPLES_DIR, credential, {
		imported,
		credentials: { [ERP_CREDENTIAL_TYPE]: erpCredential },
	});
	const inbox = workflows.find((w) =>
		w.workflow.nodes.some((node) => node.name === INBOX_SETUP_TRIGGER),
	);
	if (inbox) {
		const execution = await client.waitForExecution(
			await client.runManually(inbox.id, INBOX_SETUP_TRIGGER),
		);
		if (execution.status !== 'success')
			throw new Error(
				`"${inbox.name}" → ${INBOX_SETUP_TRIGGER}: execution ${execution.id} ${execution.status}`,
			);
	}
	return { erpCredential, workflows };
}
