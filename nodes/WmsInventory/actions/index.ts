import type { Resource } from '../../shared/router';
import { set as setDangerousGoods } from './dangerousGoods/set.operation';
import { getMany } from './item/getMany.operation';
import { upsert } from './item/upsert.operation';
import { set as setStockingFactor } from './stockingFactor/set.operation';
import { set as setWarehouseInfo } from './warehouseInfo/set.operation';

export const resources: Resource[] = [
	{ value: 'item', name: 'Item', operations: [upsert, getMany] },
	{ value: 'stockingFactor', name: 'Stocking Factor', operations: [setStockingFactor] },
	{ value: 'warehouseInfo', name: 'Warehouse Info', operations: [setWarehouseInfo] },
	{
		value: 'dangerousGoodsClassification',
		name: 'Dangerous Goods Classification',
		operations: [setDangerousGoods],
	},
];
