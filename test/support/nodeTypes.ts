/** Every node type of the package, as the harness loads them. Add new nodes here. */
import type { INodeType, IVersionedNodeType } from 'n8n-workflow';

import { WmsSupplier } from '../../nodes/WmsSupplier/WmsSupplier.node';
import { WmsDangerousGoods } from '../../nodes/WmsDangerousGoods/WmsDangerousGoods.node';
import { WmsInventory } from '../../nodes/WmsInventory/WmsInventory.node';
import { WmsWarehouseStructure } from '../../nodes/WmsWarehouseStructure/WmsWarehouseStructure.node';

export const ALL_NODE_TYPES: Array<INodeType | IVersionedNodeType> = [
	new WmsSupplier(),
	new WmsInventory(),
	new WmsWarehouseStructure(),
	new WmsDangerousGoods(),
];
