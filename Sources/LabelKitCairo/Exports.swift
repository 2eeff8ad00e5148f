@_exported import LabelKit
