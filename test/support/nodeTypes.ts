/** Every node type of the package, as the harness loads them. Add new nodes here. */
import type { INodeType, IVersionedNodeType } from 'n8n-workflow';

import { WmsSupplier } from '../../nodes/WmsSupplier/WmsSupplier.node';
import { WmsErpUpdate } from '../../nodes/WmsErpUpdate/WmsErpUpdate.node';
import { WmsErpUpdateTrigger } from '../../nodes/WmsErpUpdateTrigger/WmsErpUpdateTrigger.node';
import { WmsDangerousGoods } from '../../nodes/WmsDangerousGoods/WmsDangerousGoods.node';
import { WmsInventory } from '../../nodes/WmsInventory/WmsInventory.node';
import { WmsInventoryReconciliation } from '../../nodes/WmsInventoryReconciliation/WmsInventoryReconciliation.node';
import { WmsWarehouseStructure } from '../../nodes/WmsWarehouseStructure/WmsWarehouseStructure.node';
import { WmsSalesOrder } from '../../nodes/WmsSalesOrder/WmsSalesOrder.node';
import { WmsPurchaseOrder } from '../../nodes/WmsPurchaseOrder/WmsPurchaseOrder.node';
import { WmsProductionOrder } from '../../nodes/WmsProductionOrder/WmsProductionOrder.node';
import { WmsCustomer } from '../../nodes/WmsCustomer/WmsCustomer.node';
import { WmsCourierService } from '../../nodes/WmsCourierService/WmsCourierService.node';
import { WmsPlatform } from '../../nodes/WmsPlatform/WmsPlatform.node';

export const ALL_NODE_TYPES: Array<INodeType | IVersionedNodeType> = [
	new WmsSupplier(),
	new WmsErpUpdate(),
	new WmsErpUpdateTrigger(),
	new WmsInventory(),
	new WmsInventoryReconciliation(),
	new WmsWarehouseStructure(),
	new WmsDangerousGoods(),
	new WmsSalesOrder(),
	new WmsPurchaseOrder(),
	new WmsProductionOrder(),
	new WmsCustomer(),
	new WmsCourierService(),
	new WmsPlatform(),
];
