// The folder n8n may read and write files in, for `npm start` and the end-to-end suites: n8n 2.x's
// Read/Write Files from Disk reach only the folders N8N_RESTRICT_FILE_ACCESS_TO names (`~/.n8n-files`
// by default; in n8n's Docker image /home/node/.n8n-files). Here it is a folder inside the n8n user
// folder, with the examples' sample data put in place, and the examples pointed at it.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './install.mjs';

/** Where the examples read and write files as saved in examples/: n8n's files folder in its Docker image. */
export const DOCKER_FILES_FOLDER = '/home/node/.n8n-files';

const SAMPLES = path.join(ROOT, 'examples', 'data');

/** The files folder of an n8n user folder (npm start: .n8n-local/n8n-files). */
export const filesFolderOf = (userFolder) => path.join(userFolder, 'n8n-files');

/**
 * Makes the files folder with the examples' sample data in `erp/` (examples/data/*), each put there
 * only when missing, so an export the user placed or edited stays. Answers the folder.
 */
export function prepareFilesFolder(folder) {
	const erp = path.join(folder, 'erp');
	fs.mkdirSync(erp, { recursive: true });
	for (const file of fs.readdirSync(SAMPLES)) {
		const target = path.join(erp, file);
		if (!fs.existsSync(target)) fs.copyFileSync(path.join(SAMPLES, file), target);
	}
	return folder;
}

/**
 * The workflow with every path under n8n's Docker files folder in its Read/Write Files from Disk
 * nodes moved to `folder`; nothing else of it changes (its sticky note keeps the Docker path).
 */
export function pointAtFilesFolder(workflow, folder) {
	if (!folder) return workflow;
	const nodes = workflow.nodes.map((node) =>
		node.type === 'n8n-nodes-base.readWriteFile'
			? {
					...node,
					parameters: mapStrings(node.parameters, (text) =>
						text.replaceAll(`${DOCKER_FILES_FOLDER}/`, `${folder}/`),
					),
				}
			: node,
	);
	return { ...workflow, nodes };
}

function mapStrings(value, fn) {
	if (typeof value === 'string') return fn(value);
	if (Array.isArray(value)) return value.map((v) => mapStrings(v, fn));
	if (value && typeof value === 'object')
		return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, fn)]));
	return value;
}
