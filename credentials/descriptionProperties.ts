/**
 * Where the nodes learn what the platform is: the package's built-in description (the default, so
 * a credential saved before this setting works as it did), the platform's own OpenAPI description
 * read from an address at run time, or one pasted here.
 */
import type { INodeProperties } from 'n8n-workflow';

import { DESCRIPTION_FIELD, RECHECK_MS } from '../nodes/shared/platform/source';

export const descriptionProperties: INodeProperties[] = [
	{
		displayName: 'API Description',
		name: DESCRIPTION_FIELD.source,
		type: 'options',
		options: [
			{
				name: 'Built In',
				value: 'builtIn',
				description:
					"The package's own description of the platform: its routes, fields, keys and limits as this package assumes them",
			},
			{
				name: 'From the Platform',
				value: 'platform',
				description:
					"Read the platform's own OpenAPI description from its address when a workflow runs: its field names, required fields, keys and limits",
			},
			{
				name: 'Pasted',
				value: 'pasted',
				description:
					"The platform's own OpenAPI description, pasted below (when it has no address n8n can reach)",
			},
		],
		default: 'builtIn',
		description:
			"What the nodes know of the platform: which fields a record has and needs, its key, how many records one request takes. From the Platform or Pasted make the platform's own OpenAPI description the truth at run time.",
	},
	{
		displayName: 'Description URL',
		name: DESCRIPTION_FIELD.url,
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. openapi.json',
		description: `Where the platform publishes its OpenAPI description (JSON or YAML): relative to the Base URL, or a full address. Read with this credential on the Base URL's host and without it on any other; asked again at most every ${RECHECK_MS / 60_000} minutes, so a change on the platform is followed without a restart.`,
		displayOptions: { show: { [DESCRIPTION_FIELD.source]: ['platform'] } },
	},
	{
		displayName: 'Description',
		name: DESCRIPTION_FIELD.text,
		type: 'string',
		typeOptions: { rows: 10 },
		default: '',
		required: true,
		placeholder: 'openapi: 3.0.3 …',
		description: "The platform's OpenAPI description as it publishes it, JSON or YAML",
		displayOptions: { show: { [DESCRIPTION_FIELD.source]: ['pasted'] } },
	},
];
