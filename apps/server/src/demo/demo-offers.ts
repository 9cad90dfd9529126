import type { OwnOfferInput } from '@rr/domain';

// The demo catalogue: eight realistic 1688 offers in our own import format (rr-1688-offer/1), each
// with the Coupang category it is registered under. Images are generated (generate-demo-images.ts)
// and carry Chinese text, like real 1688 pictures. Offer ids are made up (9-prefixed, 12 digits).

export type DemoOffer = {
  offer: OwnOfferInput;
  displayCategoryCode: number;
  /** Shape drawn on the generated images. */
  art: {
    shape: 'shirt' | 'shoe' | 'stool' | 'spatula' | 'puzzle' | 'phone';
    colors: string[];
    headline: string;
    lines: string[];
  };
};

/** Every combination of two axes as options, with a price and extra pack data per combination. */
function grid(
  a: string[],
  b: string[],
  price: (i: number, j: number) => string,
  extra: (
    i: number,
    j: number,
  ) => { weightG?: number; sizeCm?: { length: number; width: number; height: number } } = () => ({}),
) {
  return a.flatMap((x, i) =>
    b.map((y, j) => ({
      values: [x, y],
      price: price(i, j),
      stock: 200 + ((i * 7 + j * 13) % 9) * 37,
      ...extra(i, j),
    })),
  );
}

export const DEMO_OFFERS: DemoOffer[] = [
  {
    displayCategoryCode: 79382,
    art: {
      shape: 'shirt',
      colors: ['#f4f4f4', '#222222'],
      headline: '纯棉短袖T恤',
      lines: ['100%新疆长绒棉', '夏季新款 宽松百搭', '透气 不起球 不变形'],
    },
    offer: {
      offerId: '900000000101',
      title: '纯棉短袖T恤女2025夏季新款宽松百搭圆领打底衫上衣',
      unit: '件',
      attributes: [
        { name: '材质', value: '棉' },
        { name: '面料', value: '新疆长绒棉' },
        { name: '袖长', value: '短袖' },
        { name: '领型', value: '圆领' },
        { name: '风格', value: '休闲' },
        { name: '产地', value: '广州' },
        { name: '装箱数', value: '100' },
      ],
      axes: [
        { name: '颜色', values: ['白色', '黑色'] },
        { name: '尺码', values: ['S', 'M', 'L'] },
      ],
      options: grid(
        ['白色', '黑色'],
        ['S', 'M', 'L'],
        (_i, j) => ['18.50', '18.50', '19.80'][j]!,
        (_i, j) => ({
          weightG: 180 + j * 15,
          sizeCm: { length: 30, width: 25, height: 2 },
        }),
      ),
      priceTiers: [],
      minOrderQuantity: 2,
    },
  },
  {
    displayCategoryCode: 68010,
    art: {
      shape: 'shoe',
      colors: ['#ffffff', '#1d1d1d'],
      headline: '男女同款运动鞋',
      lines: ['轻便透气 网面', '防滑耐磨 橡胶大底', '情侣款 四季可穿'],
    },
    offer: {
      offerId: '900000000102',
      title: '男女同款休闲运动鞋透气网面轻便跑步鞋情侣小白鞋',
      unit: '双',
      attributes: [
        { name: '鞋面材质', value: '网布' },
        { name: '鞋底材质', value: '橡胶' },
        { name: '闭合方式', value: '系带' },
        { name: '适用季节', value: '四季' },
        { name: '箱规', value: '60*40*40' },
      ],
      axes: [
        { name: '颜色', values: ['白色', '黑色'] },
        { name: '尺码', values: ['36', '38', '40', '42'] },
      ],
      options: grid(
        ['白色', '黑色'],
        ['36', '38', '40', '42'],
        () => '45.00',
        (_i, j) => ({
          weightG: 520 + j * 40,
          sizeCm: { length: 32, width: 20, height: 12 },
        }),
      ),
      priceTiers: [],
      minOrderQuantity: 1,
    },
  },
  {
    displayCategoryCode: 77917,
    art: {
      shape: 'stool',
      colors: ['#c8a06a', '#6b4428'],
      headline: '北欧实木小圆凳',
      lines: ['榉木实木 稳固承重', '家用客厅 换鞋凳', '免安装 圆角设计'],
    },
    offer: {
      offerId: '900000000103',
      title: '北欧实木小圆凳家用客厅矮凳换鞋凳榉木板凳创意小凳子',
      unit: '个',
      attributes: [
        { name: '材质', value: '榉木' },
        { name: '是否组装', value: '否' },
        { name: '承重', value: '150kg' },
      ],
      axes: [
        { name: '颜色', values: ['原木色', '胡桃色'] },
        { name: '规格', values: ['高30cm', '高45cm'] },
      ],
      options: grid(
        ['原木色', '胡桃色'],
        ['高30cm', '高45cm'],
        (_i, j) => ['39.00', '52.00'][j]!,
        (_i, j) => ({
          weightG: [1800, 2600][j]!,
          sizeCm: { length: 32, width: 32, height: [32, 47][j]! },
        }),
      ),
      priceTiers: [],
      minOrderQuantity: 2,
      offerWeightG: 2000,
    },
  },
  {
    displayCategoryCode: 80388,
    art: {
      shape: 'spatula',
      colors: ['#8a8f98', '#3d8b5a', '#e89ab0'],
      headline: '食品级硅胶锅铲',
      lines: ['耐高温230℃', '不伤不粘锅', '一体成型 易清洗'],
    },
    offer: {
      offerId: '900000000104',
      title: '食品级硅胶锅铲耐高温不粘锅专用炒菜铲子家用厨具',
      unit: '把',
      attributes: [
        { name: '材质', value: '硅胶' },
        { name: '耐温', value: '230℃' },
        { name: '长度', value: '32cm' },
      ],
      axes: [{ name: '颜色', values: ['灰色', '绿色', '粉色'] }],
      options: ['灰色', '绿色', '粉色'].map((c, i) => ({
        values: [c],
        price: '6.80',
        stock: 1000 + i * 50,
        weightG: 95,
      })),
      priceTiers: [
        { minQuantity: 2, price: '6.80' },
        { minQuantity: 100, price: '6.20' },
        { minQuantity: 500, price: '5.60' },
      ],
      minOrderQuantity: 2,
      offerWeightG: 95,
    },
  },
  {
    displayCategoryCode: 77426,
    art: {
      shape: 'puzzle',
      colors: ['#4f7cc2', '#d9822b', '#6aa84f'],
      headline: '3D立体拼图',
      lines: ['儿童益智 手工拼装', '环保纸板 无需胶水', '建筑模型 送礼佳品'],
    },
    offer: {
      offerId: '900000000105',
      title: '3D立体拼图儿童益智手工拼装建筑模型埃菲尔铁塔城堡',
      unit: '盒',
      attributes: [
        { name: '材质', value: '纸质' },
        { name: '适用年龄', value: '6岁以上' },
        { name: '片数', value: '80片' },
      ],
      axes: [{ name: '款式', values: ['埃菲尔铁塔', '城堡', '帆船'] }],
      options: ['埃菲尔铁塔', '城堡', '帆船'].map((c, i) => ({
        values: [c],
        price: ['12.50', '15.00', '13.80'][i]!,
        stock: 500,
        weightG: 320,
      })),
      priceTiers: [],
      minOrderQuantity: 1,
    },
  },
  {
    displayCategoryCode: 62614,
    art: {
      shape: 'phone',
      colors: ['#dfe7ef', '#2b2b2b'],
      headline: '透明防摔手机壳',
      lines: ['四角气囊 防摔', '不发黄 超薄', '精准开孔'],
    },
    offer: {
      offerId: '900000000106',
      title: '适用iPhone15手机壳透明防摔硅胶保护套超薄四角气囊',
      unit: '个',
      attributes: [
        { name: '材质', value: 'TPU' },
        { name: '适用型号', value: 'iPhone 15' },
        { name: '风格', value: '简约' },
      ],
      axes: [
        { name: '颜色', values: ['透明', '黑色'] },
        { name: '型号', values: ['iPhone15', 'iPhone15 Pro'] },
      ],
      options: grid(
        ['透明', '黑色'],
        ['iPhone15', 'iPhone15 Pro'],
        () => '3.20',
        () => ({ weightG: 35 }),
      ),
      // Priced by quantity (issue 41: the reorder list's tiers), from the MOQ on.
      priceTiers: [
        { minQuantity: 10, price: '3.20' },
        { minQuantity: 100, price: '2.90' },
        { minQuantity: 300, price: '2.60' },
      ],
      minOrderQuantity: 10,
    },
  },
  {
    // Options identical on the exposed attributes (수량, 색상): only the packaging differs → split.
    displayCategoryCode: 80388,
    art: {
      shape: 'spatula',
      colors: ['#3b3b3b'],
      headline: '硅胶厨具 礼盒装',
      lines: ['OPP袋装 / 彩盒装', '同款同色 包装不同', '送礼自用两相宜'],
    },
    offer: {
      offerId: '900000000107',
      title: '硅胶锅铲汤勺套装黑色厨房用品OPP袋装彩盒装可选',
      unit: '套',
      attributes: [
        { name: '材质', value: '硅胶' },
        { name: '颜色', value: '黑色' },
      ],
      axes: [
        { name: '颜色', values: ['黑色'] },
        { name: '包装', values: ['OPP袋装', '彩盒装', '礼盒装'] },
      ],
      options: ['OPP袋装', '彩盒装', '礼盒装'].map((p, i) => ({
        values: ['黑色', p],
        price: ['9.90', '11.50', '14.00'][i]!,
        stock: 800,
        weightG: 150 + i * 60,
      })),
      priceTiers: [],
      minOrderQuantity: 1,
    },
  },
  {
    displayCategoryCode: 79382,
    art: {
      shape: 'shirt',
      colors: ['#a8c5e6', '#e8b4b8', '#f1e3c6'],
      headline: '冰丝条纹T恤',
      lines: ['冰丝凉感 夏季薄款', '条纹设计 显瘦', '多色可选'],
    },
    offer: {
      offerId: '900000000108',
      title: '冰丝条纹短袖T恤女夏季薄款显瘦上衣韩版宽松',
      unit: '件',
      attributes: [
        { name: '材质', value: '冰丝' },
        { name: '图案', value: '条纹' },
        { name: '版型', value: '宽松' },
      ],
      axes: [
        { name: '颜色', values: ['蓝色', '粉色', '杏色'] },
        { name: '尺码', values: ['M', 'L', 'XL'] },
      ],
      options: grid(
        ['蓝色', '粉色', '杏色'],
        ['M', 'L', 'XL'],
        (_i, j) => ['15.90', '15.90', '16.90'][j]!,
        () => ({ weightG: 150 }),
      ),
      priceTiers: [],
      minOrderQuantity: 3,
    },
  },
];
