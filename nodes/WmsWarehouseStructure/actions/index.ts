import type { Resource } from '../../shared/router';
import { add as addArea } from './area/add.operation';
import { add as addBin } from './bin/add.operation';
import { addRange } from './bin/addRange.operation';
import { get } from './warehouse/get.operation';
import { upsert } from './warehouse/upsert.operation';
import { add as addZone } from './zone/add.operation';

export const resources: Resource[] = [
	{ value: 'warehouse', name: 'Warehouse', operations: [upsert, get] },
	{ value: 'area', name: 'Area', operations: [addArea] },
	{ value: 'zone', name: 'Zone', operations: [addZone] },
	{ value: 'bin', name: 'Bin', operations: [addBin, addRange] },
];
