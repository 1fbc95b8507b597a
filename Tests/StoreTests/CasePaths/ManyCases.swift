import Store

/// An enum of 132 cases — 100 with payloads of distinct types, two sharing one, 30 without — for the tests that
/// feed the reflective case paths a hundred times the cases of an app's usual action enum: tags
/// past every word boundary of their state (32, 61, 64).
enum ManyCases: Equatable, Sendable {
  case c0(P0)
  case c1(P1)
  case c2(P2)
  case c3(P3)
  case c4(P4)
  case c5(P5)
  case c6(P6)
  case c7(P7)
  case c8(P8)
  case c9(P9)
  case c10(P10)
  case c11(P11)
  case c12(P12)
  case c13(P13)
  case c14(P14)
  case c15(P15)
  case c16(P16)
  case c17(P17)
  case c18(P18)
  case c19(P19)
  case c20(P20)
  case c21(P21)
  case c22(P22)
  case c23(P23)
  case c24(P24)
  case c25(P25)
  case c26(P26)
  case c27(P27)
  case c28(P28)
  case c29(P29)
  case c30(P30)
  case c31(P31)
  case c32(P32)
  case c33(P33)
  case c34(P34)
  case c35(P35)
  case c36(P36)
  case c37(P37)
  case c38(P38)
  case c39(P39)
  case c40(P40)
  case c41(P41)
  case c42(P42)
  case c43(P43)
  case c44(P44)
  case c45(P45)
  case c46(P46)
  case c47(P47)
  case c48(P48)
  case c49(P49)
  case c50(P50)
  case c51(P51)
  case c52(P52)
  case c53(P53)
  case c54(P54)
  case c55(P55)
  case c56(P56)
  case c57(P57)
  case c58(P58)
  case c59(P59)
  case c60(P60)
  case c61(P61)
  case c62(P62)
  case c63(P63)
  case c64(P64)
  case c65(P65)
  case c66(P66)
  case c67(P67)
  case c68(P68)
  case c69(P69)
  case c70(P70)
  case c71(P71)
  case c72(P72)
  case c73(P73)
  case c74(P74)
  case c75(P75)
  case c76(P76)
  case c77(P77)
  case c78(P78)
  case c79(P79)
  case c80(P80)
  case c81(P81)
  case c82(P82)
  case c83(P83)
  case c84(P84)
  case c85(P85)
  case c86(P86)
  case c87(P87)
  case c88(P88)
  case c89(P89)
  case c90(P90)
  case c91(P91)
  case c92(P92)
  case c93(P93)
  case c94(P94)
  case c95(P95)
  case c96(P96)
  case c97(P97)
  case c98(P98)
  case c99(P99)
  case twinA(String)
  case twinB(String)
  case e0
  case e1
  case e2
  case e3
  case e4
  case e5
  case e6
  case e7
  case e8
  case e9
  case e10
  case e11
  case e12
  case e13
  case e14
  case e15
  case e16
  case e17
  case e18
  case e19
  case e20
  case e21
  case e22
  case e23
  case e24
  case e25
  case e26
  case e27
  case e28
  case e29
}

struct P0: Equatable, Sendable { var value: Int }
struct P1: Equatable, Sendable { var value: Int }
struct P2: Equatable, Sendable { var value: Int }
struct P3: Equatable, Sendable { var value: Int }
struct P4: Equatable, Sendable { var value: Int }
struct P5: Equatable, Sendable { var value: Int }
struct P6: Equatable, Sendable { var value: Int }
struct P7: Equatable, Sendable { var value: Int }
struct P8: Equatable, Sendable { var value: Int }
struct P9: Equatable, Sendable { var value: Int }
struct P10: Equatable, Sendable { var value: Int }
struct P11: Equatable, Sendable { var value: Int }
struct P12: Equatable, Sendable { var value: Int }
struct P13: Equatable, Sendable { var value: Int }
struct P14: Equatable, Sendable { var value: Int }
struct P15: Equatable, Sendable { var value: Int }
struct P16: Equatable, Sendable { var value: Int }
struct P17: Equatable, Sendable { var value: Int }
struct P18: Equatable, Sendable { var value: Int }
struct P19: Equatable, Sendable { var value: Int }
struct P20: Equatable, Sendable { var value: Int }
struct P21: Equatable, Sendable { var value: Int }
struct P22: Equatable, Sendable { var value: Int }
struct P23: Equatable, Sendable { var value: Int }
struct P24: Equatable, Sendable { var value: Int }
struct P25: Equatable, Sendable { var value: Int }
struct P26: Equatable, Sendable { var value: Int }
struct P27: Equatable, Sendable { var value: Int }
struct P28: Equatable, Sendable { var value: Int }
struct P29: Equatable, Sendable { var value: Int }
struct P30: Equatable, Sendable { var value: Int }
struct P31: Equatable, Sendable { var value: Int }
struct P32: Equatable, Sendable { var value: Int }
struct P33: Equatable, Sendable { var value: Int }
struct P34: Equatable, Sendable { var value: Int }
struct P35: Equatable, Sendable { var value: Int }
struct P36: Equatable, Sendable { var value: Int }
struct P37: Equatable, Sendable { var value: Int }
struct P38: Equatable, Sendable { var value: Int }
struct P39: Equatable, Sendable { var value: Int }
struct P40: Equatable, Sendable { var value: Int }
struct P41: Equatable, Sendable { var value: Int }
struct P42: Equatable, Sendable { var value: Int }
struct P43: Equatable, Sendable { var value: Int }
struct P44: Equatable, Sendable { var value: Int }
struct P45: Equatable, Sendable { var value: Int }
struct P46: Equatable, Sendable { var value: Int }
struct P47: Equatable, Sendable { var value: Int }
struct P48: Equatable, Sendable { var value: Int }
struct P49: Equatable, Sendable { var value: Int }
struct P50: Equatable, Sendable { var value: Int }
struct P51: Equatable, Sendable { var value: Int }
struct P52: Equatable, Sendable { var value: Int }
struct P53: Equatable, Sendable { var value: Int }
struct P54: Equatable, Sendable { var value: Int }
struct P55: Equatable, Sendable { var value: Int }
struct P56: Equatable, Sendable { var value: Int }
struct P57: Equatable, Sendable { var value: Int }
struct P58: Equatable, Sendable { var value: Int }
struct P59: Equatable, Sendable { var value: Int }
struct P60: Equatable, Sendable { var value: Int }
struct P61: Equatable, Sendable { var value: Int }
struct P62: Equatable, Sendable { var value: Int }
struct P63: Equatable, Sendable { var value: Int }
struct P64: Equatable, Sendable { var value: Int }
struct P65: Equatable, Sendable { var value: Int }
struct P66: Equatable, Sendable { var value: Int }
struct P67: Equatable, Sendable { var value: Int }
struct P68: Equatable, Sendable { var value: Int }
struct P69: Equatable, Sendable { var value: Int }
struct P70: Equatable, Sendable { var value: Int }
struct P71: Equatable, Sendable { var value: Int }
struct P72: Equatable, Sendable { var value: Int }
struct P73: Equatable, Sendable { var value: Int }
struct P74: Equatable, Sendable { var value: Int }
struct P75: Equatable, Sendable { var value: Int }
struct P76: Equatable, Sendable { var value: Int }
struct P77: Equatable, Sendable { var value: Int }
struct P78: Equatable, Sendable { var value: Int }
struct P79: Equatable, Sendable { var value: Int }
struct P80: Equatable, Sendable { var value: Int }
struct P81: Equatable, Sendable { var value: Int }
struct P82: Equatable, Sendable { var value: Int }
struct P83: Equatable, Sendable { var value: Int }
struct P84: Equatable, Sendable { var value: Int }
struct P85: Equatable, Sendable { var value: Int }
struct P86: Equatable, Sendable { var value: Int }
struct P87: Equatable, Sendable { var value: Int }
struct P88: Equatable, Sendable { var value: Int }
struct P89: Equatable, Sendable { var value: Int }
struct P90: Equatable, Sendable { var value: Int }
struct P91: Equatable, Sendable { var value: Int }
struct P92: Equatable, Sendable { var value: Int }
struct P93: Equatable, Sendable { var value: Int }
struct P94: Equatable, Sendable { var value: Int }
struct P95: Equatable, Sendable { var value: Int }
struct P96: Equatable, Sendable { var value: Int }
struct P97: Equatable, Sendable { var value: Int }
struct P98: Equatable, Sendable { var value: Int }
struct P99: Equatable, Sendable { var value: Int }
