@_exported import LabelKitCore
